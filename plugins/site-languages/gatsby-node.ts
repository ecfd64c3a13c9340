/**
 * Every page in every language: each page of src/pages is made once per
 * language, at its address in that language (/about, /ar/about), with the
 * language in its context, which its query and the layout read. The
 * not-found page of a language also answers, in the browser, every unknown
 * address under that language's prefix (/ar/...).
 */
import type { GatsbyNode } from "gatsby";
import { languages, localizedPath } from "../../src/lib/languages";

export const onCreatePage: GatsbyNode["onCreatePage"] = ({ page, actions }) => {
  const context = page.context as { language?: string };
  // Pages made here come back through this hook; Gatsby's development 404 page is its own.
  if (context.language || page.path.startsWith("/dev-404-page")) return;
  actions.deletePage(page);
  for (const language of languages) {
    const notFound = page.path === "/404.html" && language.prefix !== "";
    actions.createPage({
      ...page,
      path: localizedPath(page.path, language.code),
      matchPath: notFound ? `${language.prefix}/*` : page.matchPath,
      context: { ...page.context, language: language.code },
    });
  }
};
