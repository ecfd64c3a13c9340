import { adminContentSecurityPolicy, securityHeaders } from "../../../plugins/site-finish/headers/response-headers";
import { languages } from "../../../contract/src/languages";
import { rawGet } from "../../servers/raw-request";
import { pagesIn } from "../../support/content";
import { hashedFiles, policyInPage, publishedAddresses, staticPicture, unknownAddresses } from "./built-site";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=0, must-revalidate";

/** The security headers an answer lacks or has wrong; empty when all are there, each once. */
function missingSecurityHeaders(headers: Headers): string[] {
  return Object.entries(securityHeaders())
    .filter(([name, value]) => headers.get(name) !== value)
    .map(([name]) => `${name}: ${headers.get(name)}`);
}

/**
 * What every host the site deploys to must do with the build in public/, as
 * a visitor, a search engine and a careless or hostile client meet it. Each
 * host's test serves the build with the host's own software and runs these.
 */
export function checkHostServesTheBuild(host: () => string): void {
  const get = (address: string, init?: RequestInit) => fetch(`${host()}${address}`, { redirect: "manual", ...init });

  test("every address the site publishes answers 200 itself, with no redirect, in both languages", async () => {
    const addresses = publishedAddresses();
    const pageCount = languages.reduce((count, { code }) => count + pagesIn(code).length, 0);
    expect(addresses.length).toBeGreaterThanOrEqual(pageCount);
    const answers = await Promise.all(
      addresses.map(async (address) => ({ address, status: (await get(address)).status })),
    );
    expect(answers.filter(({ status }) => status !== 200)).toEqual([]);
  });

  test("the address as a person types it, without the final slash, ends on the page", async () => {
    for (const address of publishedAddresses().filter((published) => published !== "/")) {
      const response = await fetch(`${host()}${address.slice(0, -1)}`);
      expect({ typed: address.slice(0, -1), status: response.status, ends: new URL(response.url).pathname }).toEqual({
        typed: address.slice(0, -1),
        status: 200,
        ends: address,
      });
      await response.arrayBuffer();
    }
  });

  test("every page carries the security headers and exactly one policy, its own, and is revalidated", async () => {
    for (const address of publishedAddresses()) {
      const { headers } = await get(address);
      expect({ address, missing: missingSecurityHeaders(headers) }).toEqual({ address, missing: [] });
      expect({ address, policy: headers.get("content-security-policy") }).toEqual({
        address,
        policy: `${policyInPage(address)}; frame-ancestors 'none'`,
      });
      expect({ address, cache: headers.get("cache-control") }).toEqual({ address, cache: REVALIDATE });
    }
  });

  test("pages and files are isolated from other origins; pictures may be shown elsewhere, the editor keeps its sign-in window", async () => {
    const isolation = async (address: string) => {
      const { headers } = await get(address);
      return {
        address,
        opener: headers.get("cross-origin-opener-policy"),
        resource: headers.get("cross-origin-resource-policy"),
      };
    };
    for (const address of [...publishedAddresses(), ...hashedFiles().slice(0, 3), "/favicon.png", "/sitemap.xml"]) {
      expect(await isolation(address)).toEqual({ address, opener: "same-origin", resource: "same-origin" });
    }
    expect(await isolation("/admin/")).toEqual({
      address: "/admin/",
      opener: "same-origin-allow-popups",
      resource: "same-origin",
    });
    const picture = staticPicture();
    expect((await isolation(picture)).resource).toBe("cross-origin");
  });

  test("pages are sent compressed to browsers that accept it", async () => {
    const response = await get("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toMatch(/gzip|br/);
  });

  test("an unknown address answers 404 with the not-found page of its language, under the security headers", async () => {
    for (const { address, language } of unknownAddresses()) {
      const response = await get(address);
      const html = await response.text();
      expect({ address, status: response.status, lang: /<html lang="([a-z]+)"/.exec(html)?.[1] }).toEqual({
        address,
        status: 404,
        lang: language,
      });
      expect(html).toContain('http-equiv="Content-Security-Policy"');
      expect(missingSecurityHeaders(response.headers)).toEqual([]);
    }
  });

  test("files with a content hash are kept for a year, page data is revalidated", async () => {
    for (const file of hashedFiles()) {
      const { status, headers } = await get(file);
      expect({ file, status, cache: headers.get("cache-control") }).toEqual({ file, status: 200, cache: IMMUTABLE });
      expect(missingSecurityHeaders(headers)).toEqual([]);
    }
    const pageData = await get("/page-data/index/page-data.json");
    expect([pageData.status, pageData.headers.get("cache-control")]).toEqual([200, REVALIDATE]);
  });

  test("the content editor gets its own policy only, at /admin/ and as typed, /admin", async () => {
    const response = await fetch(`${host()}/admin`);
    expect(new URL(response.url).pathname).toBe("/admin/");
    expect(response.headers.get("content-security-policy")).toBe(adminContentSecurityPolicy());
    expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow"');
  });

  test("files outside the site and methods other than GET and HEAD are refused, under the security headers", async () => {
    // Sent as written: a URL parser would resolve the dots away first.
    const port = Number(new URL(host()).port);
    for (const target of ["/../package.json", "/%2e%2e/package.json", "/..%2fpackage.json", "/%2e%2e%2f.gitignore"]) {
      const { status, body } = await rawGet(port, target);
      expect({
        target,
        refused: status === 400 || status === 404,
        leaked: /"dependencies"|node_modules/.test(body),
      }).toEqual({
        target,
        refused: true,
        leaked: false,
      });
    }
    for (const method of ["POST", "PUT", "DELETE"]) {
      const response = await get("/contact/", { method, body: "x" });
      expect({ method, refused: response.status >= 400 }).toEqual({ method, refused: true });
      expect(missingSecurityHeaders(response.headers)).toEqual([]);
    }
    const head = await get("/about/", { method: "HEAD" });
    expect([head.status, await head.text()]).toEqual([200, ""]);
  });
}
