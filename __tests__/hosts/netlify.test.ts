/**
 * @jest-environment node
 *
 * Netlify. Its own local tooling cannot run here: `netlify dev`, even with
 * --offline, fetches its edge-functions runtime on the first request and
 * stops ("fetch failed"). So the files it would read (public/_headers and
 * netlify.toml) are read by Netlify's own parsers, which its builds use, and
 * held to Netlify's documented rules: a header rule's path matches with or
 * without the final slash (the parser's own pattern, forRegExp), values of a
 * header set by two matching rules are joined, an existing file is served
 * before any redirect rule that is not forced, and unknown addresses get
 * /404.html unless a rule says otherwise.
 */
import fs from "node:fs";
import path from "node:path";
import { parseAllHeaders, type Header } from "@netlify/headers-parser";
import { parseAllRedirects } from "@netlify/redirect-parser";
import {
  adminContentSecurityPolicy,
  isolationHeaders,
  securityHeaders,
} from "../../plugins/site-finish/headers/response-headers";
import { languages } from "../../contract/src/languages";
import {
  hashedFiles,
  policyInPage,
  projectDir,
  publicDir,
  publishedAddresses,
  requireBuild,
  unknownAddresses,
} from "./support/built-site";

const netlifyConfigPath = path.join(projectDir, "netlify.toml");

interface Redirect {
  from: string;
  to: string;
  status?: number;
  force?: boolean;
}

let rules: Header[];
let redirects: Redirect[];

beforeAll(async () => {
  requireBuild();
  const headers = await parseAllHeaders({
    headersFiles: [path.join(publicDir, "_headers")],
    netlifyConfigPath,
    configHeaders: undefined,
    minimal: false,
  });
  const parsedRedirects = await parseAllRedirects({
    redirectsFiles: [path.join(publicDir, "_redirects")],
    netlifyConfigPath,
    configRedirects: [],
    minimal: true,
  });
  expect({ headerErrors: headers.errors.map(String), redirectErrors: parsedRedirects.errors.map(String) }).toEqual({
    headerErrors: [],
    redirectErrors: [],
  });
  rules = headers.headers as Header[];
  redirects = parsedRedirects.redirects as Redirect[];
});

/** The headers Netlify would send for an address: those of every matching rule, a header's values joined. */
function headersFor(address: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules.filter(({ forRegExp }) => forRegExp.test(address))) {
    for (const [name, value] of Object.entries(rule.values)) {
      const key = name.toLowerCase();
      headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
    }
  }
  return headers;
}

/** A redirect rule's `from` as Netlify matches it: a splat at the end takes the rest of the address. */
const matches = ({ from }: Redirect, address: string) =>
  from.endsWith("/*") ? address.startsWith(from.slice(0, -1)) || address === from.slice(0, -2) : address === from;

test("Netlify's parsers take public/_headers and netlify.toml without an error", () => {
  expect(rules.length).toBeGreaterThan(0);
  expect(fs.existsSync(path.join(publicDir, "_redirects"))).toBe(false);
});

test("every address the site publishes gets the security and isolation headers and exactly one policy, its own", () => {
  const security = Object.fromEntries(
    Object.entries({ ...securityHeaders(), ...isolationHeaders("site") }).map(([name, value]) => [
      name.toLowerCase(),
      value,
    ]),
  );
  for (const address of publishedAddresses()) {
    expect({ address, headers: headersFor(address) }).toEqual({
      address,
      headers: {
        ...security,
        "content-security-policy": `${policyInPage(address)}; frame-ancestors 'none'`,
        "cache-control": "public, max-age=0, must-revalidate",
      },
    });
  }
  expect(headersFor("/admin/")["content-security-policy"]).toBe(adminContentSecurityPolicy());
  expect(headersFor("/admin")["content-security-policy"]).toBe(adminContentSecurityPolicy());
});

test("files with a content hash are kept for a year, page data is revalidated", () => {
  for (const file of hashedFiles())
    expect({ file, cache: headersFor(file)["cache-control"] }).toEqual({
      file,
      cache: "public, max-age=31536000, immutable",
    });
  expect(headersFor("/page-data/index/page-data.json")["cache-control"]).toBe("public, max-age=0, must-revalidate");
});

test("no rule redirects an address the site publishes: its file is served", () => {
  for (const address of publishedAddresses()) {
    expect({ address, forced: redirects.filter((rule) => rule.force && matches(rule, address)) }).toEqual({
      address,
      forced: [],
    });
    expect(fs.existsSync(path.join(publicDir, address, "index.html"))).toBe(true);
  }
});

test("an unknown address gets the not-found page of its language, with status 404", () => {
  for (const { address, language } of unknownAddresses()) {
    const rule = redirects.find((candidate) => matches(candidate, address));
    const page = rule ? rule.to : "/404.html";
    expect({ address, status: rule?.status ?? 404 }).toEqual({ address, status: 404 });
    const html = fs.readFileSync(path.join(publicDir, page), "utf8");
    expect({ address, page, lang: /<html lang="([a-z]+)"/.exec(html)?.[1] }).toEqual({ address, page, lang: language });
  }
  // One rule per language with a prefix, and no other.
  expect(redirects.map(({ from }) => from).sort()).toEqual(
    languages
      .filter(({ prefix }) => prefix)
      .map(({ prefix }) => `${prefix}/*`)
      .sort(),
  );
});
