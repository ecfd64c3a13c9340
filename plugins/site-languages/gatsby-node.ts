/**
 * Every page in every language: each page of src/pages is made once per
 * language, at its address in that language (/about/, /ar/about/), with the
 * language in its context, which its query and the layout read. The
 * not-found page of a language also answers, in the browser, every unknown
 * address under that language's prefix (/ar/...).
 */
import type { GatsbyNode } from "gatsby";
import { languages, localizedPath } from "../../contract/src/languages";

export const onCreatePage: GatsbyNode["onCreatePage"] = ({ page, actions }) => {
  const context = page.context as { language?: string };
  // Pages made here come back through this hook; Gatsby's development 404 page is its own.
  if (context.language || page.path.startsWith("/dev-404-page")) return;
  actions.deletePage(page);
  const notFound = page.path === "/404/" || page.path === "/404.html";
  for (const language of languages) {
    // Gatsby makes the not-found page at /404/ and copies it to /404.html, the file hosts answer unknown
    // addresses with; the other languages need only the file (/ar/404.html).
    if (page.path === "/404/" && language.prefix) continue;
    actions.createPage({
      ...page,
      path: localizedPath(page.path, language.code),
      matchPath: page.path === "/404.html" && language.prefix ? `${language.prefix}/*` : page.matchPath,
      context: { ...page.context, language: language.code, notFound },
    });
  }
};
