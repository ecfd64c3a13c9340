/** Pages that exist in the build but must not be offered to search engines. */
const unlisted = /^\/(404|dev-404-page)(\.html|\/)?$|^\/admin(\/|$)/;

export function listedPaths(paths: readonly string[]): string[] {
  return [...new Set(paths)].filter((path) => !unlisted.test(path)).sort();
}

export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const origin = siteUrl.replace(/\/+$/, "");
  const urls = listedPaths(paths)
    .map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /admin/\n\nSitemap: ${siteUrl.replace(/\/+$/, "")}/sitemap.xml\n`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
