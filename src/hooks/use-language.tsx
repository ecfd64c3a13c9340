import * as React from "react";
import { defaultLanguage, languageOf, localizedPath, type Language } from "../../contract/src/languages";
import { required } from "../lib/required";

const LanguageContext = React.createContext<Language>(defaultLanguage);

/** The language of the page being shown, from its context (see plugins/site-languages). */
export function LanguageProvider({ code, children }: { code: string | undefined; children: React.ReactNode }) {
  return <LanguageContext.Provider value={languageOf(code)}>{children}</LanguageContext.Provider>;
}

/** The page's language, and the address of any page of the site in it. */
export function useLanguage(): Language & { path: (route: string) => string } {
  const language = React.useContext(LanguageContext);
  return { ...language, path: (route) => localizedPath(route, language.code) };
}

/**
 * Of a collection's nodes in every language, as a static query returns them
 * (static queries take no variables), the page's language's.
 */
export function useInLanguage<Node extends { readonly language: string }>(nodes: readonly Node[], what: string): Node {
  const { code } = React.useContext(LanguageContext);
  return required(
    nodes.find((node) => node.language === code),
    what,
  );
}
