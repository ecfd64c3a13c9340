import { defaultLanguage, languages, localizedPath, parsePath } from "../../../contract/src/languages";

/** Pages that exist in the build but must not be offered to search engines. */
const unlisted = /(^|\/)(404|dev-404-page)(\.html|\/)?$|^\/admin(\/|$)/;

export function listedPaths(paths: readonly string[]): string[] {
  return [...new Set(paths)].filter((path) => !unlisted.test(path)).sort();
}

/**
 * The sitemap: every listed page, each with the address of the same page in
 * every language (and x-default, the English one), as search engines read
 * alternates from a sitemap.
 */
export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const origin = siteUrl.replace(/\/+$/, "");
  const listed = listedPaths(paths);
  const present = new Set(listed);
  const urls = listed.map((path) => {
    const { route } = parsePath(path);
    const alternates = [
      ...languages.map((language) => ({ hreflang: language.code, path: localizedPath(route, language.code) })),
      { hreflang: "x-default", path: localizedPath(route, defaultLanguage.code) },
    ]
      .filter((alternate) => present.has(alternate.path))
      .map(
        (alternate) =>
          `    <xhtml:link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeXml(`${origin}${alternate.path}`)}"/>`,
      );
    return `  <url>\n    <loc>${escapeXml(`${origin}${path}`)}</loc>\n${alternates.join("\n")}\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /admin/\n\nSitemap: ${siteUrl.replace(/\/+$/, "")}/sitemap.xml\n`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
