/**
 * JSON to place inside a <script> element, such as a JSON-LD block. Content
 * text may hold anything, "</script>" included; escaping <, > and & keeps it
 * from ending the element or starting markup, and the line separators
 * U+2028/U+2029 from breaking older JavaScript parsers. The JSON means the same.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
