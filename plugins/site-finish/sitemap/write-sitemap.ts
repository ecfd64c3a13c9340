/** sitemap.xml and robots.txt, from the built pages and the site address in data/site.yaml. */
import fs from "node:fs";
import path from "node:path";
import type { BuiltSite } from "../step";
import { robotsTxt, sitemapXml } from "./sitemap";

export function writeSitemap({ siteUrl, pagePaths }: BuiltSite): void {
  fs.writeFileSync(path.resolve("public", "sitemap.xml"), sitemapXml(siteUrl, pagePaths));
  fs.writeFileSync(path.resolve("public", "robots.txt"), robotsTxt(siteUrl));
}
