import fs from "node:fs";
import path from "node:path";
import { languages, localizedPath } from "../../../contract/src/languages";
import { content } from "../../support/content";

/**
 * What the build in public/ publishes, read from the build itself: every
 * address it points visitors and search engines at, and the files a host
 * must serve. The host tests serve this build and check each host against it.
 */
export const projectDir = path.resolve(__dirname, "../../..");
export const publicDir = path.join(projectDir, "public");

export function requireBuild(): void {
  if (!fs.existsSync(path.join(publicDir, "_headers"))) {
    throw new Error(
      "public/ holds no build: the host tests serve the last build (npm run test:full makes one first). " +
        "Build with GATSBY_MAIL_API_URL=http://127.0.0.1:9/api/v1 npm run build, then run them again.",
    );
  }
}

/** The built HTML pages, each with its address (/about/ for about/index.html). */
export function builtPages(): { address: string; html: string }[] {
  return fs
    .readdirSync(publicDir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".html") && !/^(admin|_gatsby)\//.test(file))
    .filter((file) => fs.statSync(path.join(publicDir, file)).isFile())
    .map((file) => ({
      address: `/${file.split(path.sep).join("/")}`.replace(/\/index\.html$/, "/"),
      html: fs.readFileSync(path.join(publicDir, file), "utf8"),
    }));
}

/** An address of the site, from a link: the path of an absolute URL on the site's own origin, or a root-relative one. */
function ownAddress(href: string): string | undefined {
  const origin = new URL(content.siteYaml.siteUrl).origin;
  if (href.startsWith(`${origin}/`)) return new URL(href).pathname;
  if (href.startsWith("/") && !href.startsWith("//")) return new URL(href, origin).pathname;
  return undefined;
}

/**
 * Every address the site publishes: the sitemap's locations and alternates,
 * and each page's canonical, hreflang alternates and links to other pages
 * (navigation, footer, language link, calls to action), in every language.
 */
export function publishedAddresses(): string[] {
  const sitemap = fs.readFileSync(path.join(publicDir, "sitemap.xml"), "utf8");
  const hrefs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>|href="([^"]+)"/g)].map((match) => match[1] ?? match[2]);
  for (const { html } of builtPages()) {
    for (const [, href = ""] of html.matchAll(/<(?:a|link)\b[^>]*?\bhref="([^"#]*)/g)) hrefs.push(href);
  }
  const addresses = hrefs.map((href) => ownAddress(href ?? "")).filter((address): address is string => !!address);
  // Links to files (the favicon, the styles) are assets, checked on their own; every page's address ends in a slash.
  return [...new Set(addresses.filter((address) => address.endsWith("/")))].sort();
}

/** An address under each language that the site does not have, with the language its not-found page must be in. */
export function unknownAddresses(): { address: string; language: string }[] {
  return languages.map(({ code }) => ({ address: localizedPath("/no-such-page/", code), language: code }));
}

/** Files whose names carry a content hash (scripts, styles, pictures): a host may let browsers keep them for a year. */
export function hashedFiles(): string[] {
  const root = fs
    .readdirSync(publicDir)
    .filter((name) => /[-.][0-9a-f]{20}\.(js|css)$/.test(name))
    .map((name) => `/${name}`);
  const pictures = fs
    .readdirSync(path.join(publicDir, "static"), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(avif|webp|jpg|png)$/.test(file))
    .slice(0, 5)
    .map((file) => `/static/${file.split(path.sep).join("/")}`);
  return [...root.slice(0, 10), ...pictures];
}

/** The page's own Content-Security-Policy, as its HTML carries it (a header adds frame-ancestors). */
export function policyInPage(address: string): string | undefined {
  const page = builtPages().find((built) => built.address === address);
  return page && /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(page.html)?.[1];
}

/** A picture the image pipeline published under /static/. */
export function staticPicture(): string {
  const [picture] = hashedFiles().filter((file) => file.startsWith("/static/"));
  if (!picture) throw new Error("The build published no picture under /static/.");
  return picture;
}
