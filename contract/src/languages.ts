/**
 * The site's languages. English is the default: its pages have no prefix
 * (/about/), and the content shared by both languages (pictures, phones,
 * links) is written in its part of each data/ file. Arabic pages live under
 * /ar/ (/ar/about/) and read right to left.
 */
/**
 * `locale` is how dates and names of places are written (Intl): as in the UAE, with the digits the site's
 * Arabic copy uses (0-9), so that a number reads one way on every Arabic page.
 */
export const languages = [
  { code: "en", name: "English", dir: "ltr", prefix: "", ogLocale: "en_AE", locale: "en-AE" },
  { code: "ar", name: "Arabic", dir: "rtl", prefix: "/ar", ogLocale: "ar_AE", locale: "ar-AE-u-nu-latn" },
] as const;

export type Language = (typeof languages)[number];
export type LanguageCode = Language["code"];

export const defaultLanguage: Language = languages[0];

export function languageOf(code: string | undefined): Language {
  return languages.find((language) => language.code === code) ?? defaultLanguage;
}

/**
 * The address the site publishes for a page in a language: /about/,
 * /ar/about/, / and /ar/. Every page's address ends in a slash, the form in
 * which every host the site deploys to serves a folder's index.html directly
 * (the other form, /about, is redirected to it); files keep their name
 * (/ar/404.html).
 */
export function localizedPath(route: string, code: LanguageCode): string {
  const { prefix } = languageOf(code);
  const address = `${prefix}${route}`;
  return address.endsWith("/") || /\.[a-z]+$/i.test(address) ? address : `${address}/`;
}

/**
 * The language of an address and the page it shows, whatever the language and
 * however the address ends: /ar/about/ and /ar/about → ar and /about.
 */
export function parsePath(pathname: string): { language: Language; route: string } {
  const language =
    languages.find(({ prefix }) => prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`))) ??
    defaultLanguage;
  const route = pathname.slice(language.prefix.length).replace(/(.)\/$/, "$1");
  return { language, route: route || "/" };
}
