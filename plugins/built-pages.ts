import fs from "node:fs";
import path from "node:path";

/** Where the build writes the site. */
export const publicDir = path.resolve("public");

/**
 * Every HTML page of the site, as visitors address it (/about/ for
 * about/index.html), in address order; the editor (admin/) and Gatsby's
 * slices (_gatsby/) are not pages of the site.
 */
export function builtPages(): { file: string; urlPath: string }[] {
  return fs
    .readdirSync(publicDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const relative = `/${path.relative(publicDir, file).split(path.sep).join("/")}`;
      return { file, urlPath: relative.replace(/\/index\.html$/, "/") };
    })
    .filter(({ urlPath }) => !/^\/(admin|_gatsby)(\/|$)/.test(urlPath))
    .sort((a, b) => a.urlPath.localeCompare(b.urlPath));
}
