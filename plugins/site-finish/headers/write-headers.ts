/**
 * The production response headers and host rules, written after the build:
 * the site's Content-Security-Policy inside each page, public/_headers for
 * Netlify and Cloudflare Pages, and deploy/nginx-headers.conf with the same
 * rules for nginx. (Each language's not-found page: Cloudflare Pages finds the
 * nearest 404.html by itself, Netlify takes the rule in netlify.toml, nginx an
 * error_page per language in the same file.)
 *
 * The policy trusts only the inline scripts Gatsby itself writes, recognised
 * by where they come from: the scripts slice Gatsby keeps in
 * public/_gatsby/slices/ (chunk mapping and compilation hash), each page's
 * loader line for that page, and the site's own loader of Gatsby's scripts
 * (plugins/site-scripts). Any other inline script in a page stops the build:
 * nothing the site writes puts one there, so it could only be content turned
 * into markup.
 */
import fs from "node:fs";
import path from "node:path";
import { MAIL_API_VARIABLE, mailOrigin as originOf } from "../../build-settings";
import { builtPages, inlineScripts, publicDir, type InlineScript } from "../../built-pages";
import type { StepReporter } from "../step";
import {
  contentSecurityPolicy,
  headerRules,
  isPageLoaderScript,
  notFoundPages,
  scriptHash,
  toHeadersFile,
  toNginx,
  withPolicyMeta,
} from "./response-headers";

const slicesDir = path.join(publicDir, "_gatsby", "slices");

export function writeHeaders(reporter: StepReporter, ownScript: (script: InlineScript) => boolean): void {
  // The build has already refused to run without a plain, usable address (gatsby-node.ts).
  const mailOrigin = originOf(String(process.env[MAIL_API_VARIABLE]));
  const gatsbyScripts = new Set(
    fs
      .readdirSync(slicesDir)
      .filter((name) => name.startsWith("_gatsby-scripts"))
      .flatMap((name) => inlineScripts(fs.readFileSync(path.join(slicesDir, name), "utf8")).map(({ body }) => body)),
  );

  const pages = builtPages().map(({ file, urlPath }) => {
    const html = fs.readFileSync(file, "utf8");
    const hashes = inlineScripts(html).map((script) => {
      if (gatsbyScripts.has(script.body) || isPageLoaderScript(script, urlPath) || ownScript(script)) {
        return scriptHash(script.body);
      }
      return reporter.panic(
        `${path.relative(process.cwd(), file)} holds an inline script the site did not write, so the build stops ` +
          `rather than allow it: <script${script.attributes}>${script.body.slice(0, 120)}`,
      );
    });
    const csp = contentSecurityPolicy({ mailOrigin, scriptHashes: hashes });
    fs.writeFileSync(file, withPolicyMeta(html, csp));
    return { path: urlPath, csp };
  });

  const hashedAssets = fs
    .readdirSync(publicDir)
    .filter((name) => /[-.][0-9a-f]{20}\.(js|css)$/.test(name))
    .map((name) => `/${name}`)
    .sort();
  const rules = headerRules({ pages, hashedAssets, otherFiles: otherFiles(pages, hashedAssets) });
  const notFound = notFoundPages(pages.map((page) => page.path));
  fs.writeFileSync(path.join(publicDir, "_headers"), toHeadersFile(rules));
  fs.mkdirSync(path.resolve("deploy"), { recursive: true });
  fs.writeFileSync(path.resolve("deploy", "nginx-headers.conf"), toNginx(rules, notFound));
}

/**
 * What else is published at the top of public/, for rules of its own: files
 * (/favicon.png, /sitemap.xml) and folders that hold no page (/_gatsby/*).
 * Folders with pages are covered page by page; /static/, /page-data/ and
 * /admin/ have rules of their own.
 */
function otherFiles(pages: readonly { path: string }[], hashedAssets: readonly string[]): string[] {
  const covered = new Set([...pages.map((page) => page.path), ...hashedAssets, "/_headers"]);
  return fs
    .readdirSync(publicDir, { withFileTypes: true })
    .flatMap((entry) => {
      const address = `/${entry.name}`;
      if (!entry.isDirectory()) return covered.has(address) || entry.name.endsWith(".html") ? [] : [address];
      const ownRule = ["static", "page-data", "admin"].includes(entry.name);
      return ownRule || pages.some((page) => page.path.startsWith(`${address}/`)) ? [] : [`${address}/*`];
    })
    .sort();
}
