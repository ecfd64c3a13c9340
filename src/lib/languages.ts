/**
 * The site's languages. English is the default: its pages have no prefix
 * (/about), and the content shared by both languages (pictures, phones,
 * links) is written in its part of each data/ file. Arabic pages live under
 * /ar (/ar/about) and read right to left.
 */
export const languages = [
  { code: "en", name: "English", dir: "ltr", prefix: "", ogLocale: "en_AE" },
  { code: "ar", name: "Arabic", dir: "rtl", prefix: "/ar", ogLocale: "ar_AE" },
] as const;

export type Language = (typeof languages)[number];
export type LanguageCode = Language["code"];

export const defaultLanguage: Language = languages[0];

export function languageOf(code: string | undefined): Language {
  return languages.find((language) => language.code === code) ?? defaultLanguage;
}

/** The address of a page of the site (/about) in a language (/ar/about); the home page of Arabic is /ar. */
export function localizedPath(route: string, code: LanguageCode): string {
  const { prefix } = languageOf(code);
  if (!prefix) return route;
  return route === "/" ? prefix : `${prefix}${route}`;
}

/** The language of an address and the page it shows, whatever the language: /ar/about → ar and /about. */
export function parsePath(pathname: string): { language: Language; route: string } {
  for (const language of languages) {
    if (!language.prefix) continue;
    if (pathname === language.prefix || pathname === `${language.prefix}/`) return { language, route: "/" };
    if (pathname.startsWith(`${language.prefix}/`)) return { language, route: pathname.slice(language.prefix.length) };
  }
  return { language: defaultLanguage, route: pathname };
}
