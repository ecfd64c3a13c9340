import { createHash } from "node:crypto";
import type { InlineScript } from "../../built-pages";

/**
 * The production response headers: security headers on everything, a strict
 * Content-Security-Policy on the site's pages and a looser one on the content
 * editor, isolation from other origins (COOP and CORP), long immutable
 * caching for content-hashed files, revalidation for HTML and page data.
 * Written at build time (the policy depends on the build's inline scripts and
 * on the mail-service address) as a Netlify / Cloudflare Pages `_headers` file
 * and as the same rules for nginx.
 */

export interface HeaderRule {
  /** A URL path; `*` at the end matches anything below it. */
  path: string;
  headers: Readonly<Record<string, string>>;
}

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=0, must-revalidate";

/** The CSP source expression that allows exactly this inline script. */
export function scriptHash(body: string): string {
  return `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
}

/**
 * Whether an inline script is one Gatsby writes into the page itself: the
 * line that tells its loader which page this is, for this very page.
 */
export function isPageLoaderScript(script: InlineScript, pagePath: string): boolean {
  if (!/\bid\s*=\s*["']?gatsby-script-loader\b/.test(script.attributes)) return false;
  const match = /^\/\*<!\[CDATA\[\*\/window\.pagePath=("(?:[^"\\<]|\\.)*");\/\*]]>\*\/$/.exec(script.body);
  return match !== null && JSON.parse(match[1] ?? '""') === pagePath;
}

export function contentSecurityPolicy({
  mailOrigin,
  scriptHashes,
}: {
  mailOrigin: string;
  scriptHashes: readonly string[];
}): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(scriptHashes)].sort().join(" ")}`.trim(),
    // Gatsby inlines the page's CSS and gatsby-plugin-image sizes pictures with style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${mailOrigin}`,
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The site's policy as a <meta> element for the pages' HTML, so that it also
 * holds where no header rule reaches: the 404 page a host sends for an
 * unknown address (rules match the address asked for, and /* cannot carry a
 * policy that /admin must not get), and hosts that ignore _headers. A meta
 * policy may not say frame-ancestors (browsers ignore it with a console
 * error); X-Frame-Options covers framing there.
 */
export function policyMetaElement(csp: string): string {
  const directives = csp
    .split(";")
    .map((directive) => directive.trim())
    .filter((directive) => !directive.startsWith("frame-ancestors"));
  return `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(directives.join("; "))}"/>`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

const POLICY_META = /<meta http-equiv="Content-Security-Policy"[^>]*>/gi;

/**
 * The page with its policy element first in its head, after the character set,
 * so that it governs every script. A policy element left by an earlier build
 * (Gatsby keeps unchanged pages) is replaced, never joined by a second one.
 */
export function withPolicyMeta(html: string, csp: string): string {
  const page = withoutPolicyMeta(html);
  const anchor = /<meta charset="?utf-8"?\s*\/?>/i.exec(page) ?? /<head[^>]*>/i.exec(page);
  if (!anchor) throw new Error("A built page has no <head> to carry its Content-Security-Policy");
  const end = anchor.index + anchor[0].length;
  return `${page.slice(0, end)}${policyMetaElement(csp)}${page.slice(end)}`;
}

export function withoutPolicyMeta(html: string): string {
  return html.replace(POLICY_META, "");
}

/**
 * The content editor at /admin (Decap CMS) needs more than the site: its
 * config validation compiles code at run time ('unsafe-eval'), its styles are
 * injected, and it talks to the GitHub API. Only /admin gets this policy.
 */
export function adminContentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' https://api.github.com",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The headers every response gets. The policy is per page instead, because /admin needs another one, and so is
 * isolation (isolationHeaders), because the editor and the pictures need other values.
 */
export function securityHeaders(): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "X-Frame-Options": "DENY",
    "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  };
}

/**
 * Isolation from other origins, by what an answer is:
 * - the site's pages and files: a window of another origin keeps no handle on a page (COOP same-origin), and no
 *   other origin may embed a file (CORP same-origin);
 * - the editor: its GitHub sign-in opens a window of the sign-in provider, which reports back to the editor
 *   through window.opener; same-origin would cut that handle, same-origin-allow-popups keeps it for windows the
 *   editor opens itself and for nothing else;
 * - pictures (/static/): public, and the sharing picture among them is shown by other sites' link previews,
 *   which CORP same-origin would block in a browser.
 */
export function isolationHeaders(kind: "site" | "editor" | "pictures"): Record<string, string> {
  if (kind === "pictures") return { "Cross-Origin-Resource-Policy": "cross-origin" };
  return {
    "Cross-Origin-Opener-Policy": kind === "editor" ? "same-origin-allow-popups" : "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
}

/**
 * The rules, ordered from general to specific. No header is set by two rules
 * for one path, because hosts join repeated headers with a comma (and two
 * policies would both apply).
 */
export function headerRules({
  pages,
  hashedAssets,
  otherFiles = [],
}: {
  /**
   * Every HTML page of the site as visitors address it (/, /about/, /404.html; not the editor's, which /admin/*
   * covers), with its policy.
   */
  pages: readonly { path: string; csp: string }[];
  /** Files whose names carry a content hash, such as /app-3f2a….js and /styles.9e1b….css. */
  hashedAssets: readonly string[];
  /**
   * What else the build publishes at the top of the site, so that it too is isolated: files (/favicon.png,
   * /sitemap.xml) and folders (/_gatsby/*).
   */
  otherFiles?: readonly string[];
}): HeaderRule[] {
  const site = isolationHeaders("site");
  return [
    { path: "/*", headers: securityHeaders() },
    { path: "/static/*", headers: { "Cache-Control": IMMUTABLE, ...isolationHeaders("pictures") } },
    ...hashedAssets.map((path) => ({ path, headers: { "Cache-Control": IMMUTABLE, ...site } })),
    { path: "/page-data/*", headers: { "Cache-Control": REVALIDATE, ...site } },
    ...otherFiles.map((path) => ({ path, headers: { "Cache-Control": REVALIDATE, ...site } })),
    ...pages.map(({ path, csp }) => ({
      path,
      headers: { "Content-Security-Policy": csp, "Cache-Control": REVALIDATE, ...site },
    })),
    {
      path: "/admin/*",
      headers: {
        "Content-Security-Policy": adminContentSecurityPolicy(),
        "Cache-Control": REVALIDATE,
        ...isolationHeaders("editor"),
      },
    },
  ];
}

/** A header as the _headers file and nginx write it: one line, nothing that would end its value early. */
function checkedValue(name: string, value: string): string {
  // eslint-disable-next-line no-control-regex -- a line break or control character would start a header of its own
  if (/[\u0000-\u001f\u007f"\\$]/.test(value)) {
    throw new Error(`The ${name} header would hold a character a host could misread: ${value.slice(0, 120)}`);
  }
  return value;
}

export function toHeadersFile(rules: readonly HeaderRule[]): string {
  const blocks = rules.map(
    ({ path, headers }) =>
      `${path}\n${Object.entries(headers)
        .map(([name, value]) => `  ${name}: ${checkedValue(name, value)}`)
        .join("\n")}`,
  );
  return `# Generated by the build (plugins/site-headers); do not edit.\n${blocks.join("\n\n")}\n`;
}

/**
 * The not-found page of each part of the site: a language's own under its
 * prefix (/ar/404.html for /ar/...), the site's for everything else. Longest
 * prefix first, as hosts should try them.
 */
export function notFoundPages(pagePaths: readonly string[]): { prefix: string; page: string }[] {
  return pagePaths
    .filter((page) => page.endsWith("/404.html"))
    .map((page) => ({ prefix: page.slice(0, -"/404.html".length), page }))
    .sort((a, b) => b.prefix.length - a.prefix.length);
}

/**
 * The same rules for nginx, to include in the site's server block. Every page
 * has a location of its own for its file (/about/ is served through the index
 * module as /about/index.html), an address without its slash is redirected to
 * it by nginx itself, and each language's unknown addresses get that
 * language's not-found page. nginx drops inherited add_header lines in any
 * location that adds its own, so every location repeats the headers of `/*`;
 * `always` puts them on redirects and errors too.
 */
export function toNginx(
  rules: readonly HeaderRule[],
  notFound: readonly { prefix: string; page: string }[] = [],
): string {
  const [global, ...specific] = rules;
  const lines = (headers: Readonly<Record<string, string>>) =>
    Object.entries(headers).map(([name, value]) => `    add_header ${name} "${checkedValue(name, value)}" always;`);
  const globalLines = global ? lines(global.headers) : [];
  const block = (matcher: string, body: readonly string[]) => `location ${matcher} {\n${body.join("\n")}\n}`;
  const locations = specific.map(({ path, headers }) => {
    // As on Netlify and Cloudflare Pages, /admin/* also answers /admin itself.
    const matcher = path.endsWith("/*")
      ? `^~ ${path.slice(0, -2)}`
      : `= ${path.endsWith("/") ? `${path}index.html` : path}`;
    return block(matcher, [...globalLines, ...lines(headers)]);
  });
  const languageNotFound = notFound
    .filter(({ prefix }) => prefix !== "")
    .map(({ prefix, page }) =>
      block(`^~ ${prefix}/`, [...globalLines, ...lines(isolationHeaders("site")), `    error_page 404 ${page};`]),
    );
  const siteNotFound = notFound.find(({ prefix }) => prefix === "")?.page ?? "/404.html";
  return [
    "# Generated by the build (plugins/site-headers); include inside the site's server { } block.",
    "index index.html;",
    `error_page 404 ${siteNotFound};`,
    // Files without a content hash in their name, and unknown addresses: the browser asks again each time.
    block("/", [...globalLines, ...lines({ "Cache-Control": REVALIDATE, ...isolationHeaders("site") })]),
    ...locations,
    ...languageNotFound,
    "",
  ].join("\n\n");
}
