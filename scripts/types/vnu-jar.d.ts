/** vnu-jar's main export: the path of the W3C Nu HTML checker's vnu.jar (the package ships no types). */
declare module "vnu-jar" {
  const jarPath: string;
  export default jarPath;
}
