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

export interface InlineScript {
  /** The script element's attributes, as written. */
  attributes: string;
  body: string;
}

/**
 * The inline scripts of an HTML document that a browser would run: no `src`,
 * and no data type such as application/ld+json (a data block is never run).
 */
export function inlineScripts(html: string): InlineScript[] {
  const scripts: InlineScript[] = [];
  for (const [, attributes = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || isDataBlock(attributes)) continue;
    scripts.push({ attributes, body });
  }
  return scripts;
}

function isDataBlock(attributes: string): boolean {
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return type !== undefined && type !== "module" && !/^(text|application)\/(java|ecma)script$/.test(type);
}
