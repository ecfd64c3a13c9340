#!/usr/bin/env node
/**
 * `npm run check:live -- <site address>`: checks a deployment, read-only,
 * and prints a table. It checks what each answer says, not only that it
 * answers: every page of the sitemap answers 200 with the policy the build
 * wrote for it (public/_headers is the reference), a policy that lets no
 * script in but the site's own (checked even where the build wrote it, so a
 * build that weakened it is caught too), HSTS for a year at least, framing
 * refused, the other security headers with the build's values, and https for
 * any address not on this computer; an unknown address answers 404 in its
 * language; /version.json names the commit deployed; the mail service (the
 * one the deploy put live, else the one the pages' connect-src names,
 * printed) answers its health check, refuses an empty enquiry with the
 * contract's 400 and CORS for the site, allows the site's origin and no
 * other, neither any origin nor `null`; the editor loads under its own
 * policy, with HSTS and framing refused, and names its repository; the
 * sign-in sends GitHub the site's own callback, a real client id, a state and
 * its cookie (Secure, HttpOnly, in any order), and a forged answer is refused.
 * Exits 1 when any check fails. Sends GET, HEAD, OPTIONS and one POST of an
 * empty enquiry (refused, so nothing is sent), and follows no redirect.
 *
 * `--connect-to <public origin>=<origin>` reaches a public address at another
 * (curl's --connect-to): a rehearsal served on this computer, checked as the
 * public site it will be.
 */
import fs from "node:fs";
import path from "node:path";
import { CHECK_HEADER } from "../contract/src/enquiry-check";
import { languages, localizedPath } from "../contract/src/languages";
import { adminContentSecurityPolicy } from "../plugins/site-finish/headers/response-headers";
import { runCommand } from "./cli";
import { checkedOutCommit } from "./deploy/freshness";

export interface Check {
  check: string;
  ok: boolean;
  detail: string;
}

const ANOTHER_ORIGIN = "https://another-site.invalid";
const YEAR_SECONDS = 31_536_000;
const LOCAL = new Set(["127.0.0.1", "localhost", "[::1]"]);
/** Headers every page carries with the build's value (the policy and HSTS are checked on their own terms). */
const COMPARED_HEADERS = [
  "x-content-type-options",
  "referrer-policy",
  "permissions-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
];
/** A client id that is a placeholder someone forgot to replace. */
const PLACEHOLDER_ID = /^$|[<>{}\s]|your|client.?id|placeholder|changeme|xxx|example/i;

/** Where public origins are reached instead (--connect-to): each public origin, and the origin it is served at. */
export type ConnectTo = ReadonlyMap<string, string>;

/** `https://www.example.com=http://127.0.0.1:8788,…` as a map of origins, or an error naming the part that is not one. */
export function parseConnectTo(text: string): ConnectTo {
  return new Map(
    text
      .split(",")
      .filter((pair) => pair.trim() !== "")
      .map((pair) => {
        const [from, to] = pair.split("=").map((part) => part.trim());
        try {
          return [new URL(from ?? "").origin, new URL(to ?? "").origin] as const;
        } catch {
          throw new Error(
            `"${pair}" is not <public origin>=<origin>, such as https://www.example.com=http://127.0.0.1:8788`,
          );
        }
      }),
  );
}

/** Asks for an address as a visitor's browser would, at the origin it is reached at; follows no redirect. */
function getter(connectTo: ConnectTo) {
  return async (address: string, init: RequestInit = {}): Promise<Response | Error> => {
    const url = new URL(address);
    const reached = connectTo.get(url.origin);
    const target = reached ? `${reached}${url.pathname}${url.search}` : address;
    try {
      return await fetch(target, { redirect: "manual", signal: AbortSignal.timeout(15_000), ...init });
    } catch (error) {
      return error as Error;
    }
  };
}

type Get = ReturnType<typeof getter>;

const unreachable = (error: Error) =>
  `could not be reached (${error.cause instanceof Error ? error.cause.message : error.message})`;

/** A _headers file's rules: each path with its headers, names in lower case. */
export function readHeadersFile(text: string): { path: string; headers: Record<string, string> }[] {
  const rules: { path: string; headers: Record<string, string> }[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) rules.push({ path: line.trim(), headers: {} });
    else {
      const at = line.indexOf(":");
      const rule = rules.at(-1);
      if (rule && at > 0) rule.headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
    }
  }
  return rules;
}

/** The headers the build gives a page: its own rule's over the rule for every path. */
function expectedHeaders(rules: ReturnType<typeof readHeadersFile>, page: string): Record<string, string> | undefined {
  const own = rules.find((rule) => rule.path === page);
  if (!own) return undefined;
  return { ...rules.find((rule) => rule.path === "/*")?.headers, ...own.headers };
}

/** The script sources the site's own policy is made of: its own origin, and the hash of each inline script. */
const OWN_SCRIPT_SOURCE = /^(?:'self'|'sha(?:256|384|512)-[A-Za-z0-9+/_-]+={0,2}')$/;

/**
 * What is wrong with a page's policy on its own terms, whoever wrote it: what would let a script in. Its scripts
 * may come from the site itself and be the inline ones whose hashes it names; any other source (another host, a
 * wildcard, blob: or data:, a nonce, 'unsafe-…') is one no page of the site needs.
 */
function policyProblems(csp: string): string[] {
  const directive = (name: string) => new RegExp(`(?:^|;)\\s*${name}\\s+([^;]*)`).exec(csp)?.[1];
  const scripts = (directive("script-src") ?? directive("default-src") ?? "").trim();
  const others = scripts.split(/\s+/).filter((source) => source !== "" && !OWN_SCRIPT_SOURCE.test(source));
  return [
    ...(scripts === ""
      ? ["no script-src or default-src: any script may run"]
      : others.length > 0
        ? [`script-src allows more than the site's own scripts (${scripts})`]
        : []),
    ...((directive("object-src") ?? "").includes("'none'") || (directive("default-src") ?? "").includes("'none'")
      ? []
      : ["object-src is not 'none'"]),
  ];
}

export async function checkLive(
  siteAddress: string,
  {
    repository,
    mailApi,
    headersFile = path.resolve(__dirname, "..", "public", "_headers"),
    commit,
    connectTo = new Map(),
  }: {
    repository?: string;
    /** The mail service's v1 address the deployment should post to (the deploy's mailHost); else the pages' own. */
    mailApi?: string;
    /** The build's headers file, the reference for every page's headers. */
    headersFile?: string;
    /** The commit deployed, which /version.json must name. */
    commit?: string;
    connectTo?: ConnectTo;
  } = {},
): Promise<Check[]> {
  const site = new URL(siteAddress).origin;
  const get = getter(connectTo);
  const checks: Check[] = [];
  const add = (check: string, ok: boolean, detail: string) => checks.push({ check, ok, detail });

  // A live site is https; an http address not on this computer is not asked anything.
  if (!LOCAL.has(new URL(site).hostname)) {
    const https = site.startsWith("https://");
    add(
      "https",
      https,
      https ? "served over https" : `${site} is not https: a live site must be; nothing else was asked`,
    );
    if (!https) return checks;
  }
  const rules = fs.existsSync(headersFile) ? readHeadersFile(fs.readFileSync(headersFile, "utf8")) : undefined;

  // Every page the sitemap lists, asked for at this address (the sitemap names the site's public address).
  const sitemap = await get(`${site}/sitemap.xml`);
  const pages =
    sitemap instanceof Error || !sitemap.ok
      ? []
      : [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((found) => new URL(found[1] ?? "/").pathname);
  add(
    "Sitemap",
    pages.length > 0,
    sitemap instanceof Error
      ? unreachable(sitemap)
      : pages.length > 0
        ? `${pages.length} pages${rules ? "" : `; no build at ${path.relative(process.cwd(), headersFile)} to compare the headers with: the policy's rules are checked instead`}`
        : `answered ${sitemap.status}, no page listed`,
  );
  let policy = "";
  for (const page of pages) {
    const answer = await get(`${site}${page}`);
    if (answer instanceof Error) {
      add(`Page ${page}`, false, unreachable(answer));
      continue;
    }
    const header = (name: string) => answer.headers.get(name) ?? "";
    const csp = header("content-security-policy");
    policy ||= csp;
    const expected = rules && expectedHeaders(rules, page);
    const problems = [
      ...(answer.status === 200 ? [] : [`answered ${answer.status}`]),
      ...(!csp
        ? ["no content-security-policy"]
        : csp.includes(",")
          ? [`${csp.split(",").length} policies`]
          : [
              ...(expected && csp !== expected["content-security-policy"]
                ? ["its policy is not the one the build wrote for it"]
                : []),
              ...policyProblems(csp),
            ]),
      ...transportProblems(header),
      ...(rules && !expected ? ["no rule of the build's headers for it"] : []),
      ...(expected
        ? COMPARED_HEADERS.filter((name) => expected[name] !== undefined && header(name) !== expected[name]).map(
            (name) => `${name} ${header(name) ? `"${header(name)}"` : "missing"}, not "${expected[name]}"`,
          )
        : COMPARED_HEADERS.slice(0, 4)
            .filter((name) => !header(name))
            .map((name) => `missing ${name}`)),
    ];
    add(
      `Page ${page}`,
      problems.length === 0,
      problems.join("; ") || `200, ${expected ? "the build's headers" : "security headers"}, one policy`,
    );
  }

  for (const { code } of languages) {
    const unknown = `${localizedPath("/", code)}no-such-page-${Date.now().toString(36)}/`;
    const answer = await get(`${site}${unknown}`);
    const language = answer instanceof Error ? "" : (/<html[^>]*\slang="([^"]+)"/.exec(await answer.text())?.[1] ?? "");
    add(
      `Unknown address (${code})`,
      !(answer instanceof Error) && answer.status === 404 && language === code,
      answer instanceof Error
        ? unreachable(answer)
        : `answered ${answer.status}, a page in "${language || "no language"}"`,
    );
  }

  await checkVersion(site, commit, get, add);
  await checkMailService(site, policy, mailApi, get, add);
  await checkEditor(site, repository, rules, get, add);
  await checkSignIn(site, get, add);
  return checks;
}

type Add = (check: string, ok: boolean, detail: string) => void;

/** What every page, the editor's among them, must hold: HSTS for a year or more, and framing refused. */
function transportProblems(header: (name: string) => string): string[] {
  const hsts = /max-age=(\d+)/.exec(header("strict-transport-security"))?.[1];
  return [
    ...(Number(hsts ?? 0) >= YEAR_SECONDS
      ? []
      : [`strict-transport-security ${hsts === undefined ? "missing" : `max-age=${hsts}`}, not a year or more`]),
    ...(/frame-ancestors\s+'none'/.test(header("content-security-policy")) ||
    header("x-frame-options").toUpperCase() === "DENY"
      ? []
      : ["framing allowed (no frame-ancestors 'none', no X-Frame-Options DENY)"]),
  ];
}

/** /version.json names the commit the site was built from: the one deployed, when it is known. */
async function checkVersion(site: string, commit: string | undefined, get: Get, add: Add): Promise<void> {
  const answer = await get(`${site}/version.json`);
  let named: string | null | undefined;
  if (!(answer instanceof Error) && answer.ok) {
    try {
      named = ((await answer.json()) as { commit?: string | null }).commit;
    } catch {
      named = undefined;
    }
  }
  add(
    "Version",
    typeof named === "string" && (!commit || named === commit),
    answer instanceof Error
      ? unreachable(answer)
      : !answer.ok
        ? `/version.json answered ${answer.status}`
        : typeof named !== "string"
          ? "/version.json names no commit"
          : commit && named !== commit
            ? `/version.json names ${named.slice(0, 7)}, not ${commit.slice(0, 7)}, the commit deployed`
            : `built from ${named.slice(0, 7)}`,
  );
}

async function checkMailService(
  site: string,
  policy: string,
  expected: string | undefined,
  get: Get,
  add: Add,
): Promise<void> {
  const posted = /connect-src[^;]*?\s(https?:\/\/[^\s;']+)/.exec(policy)?.[1];
  if (!posted) {
    add("Mail service", false, "no page's policy names a mail service (connect-src)");
    return;
  }
  const api = expected ?? `${posted}/api/v1`;
  add(
    "Mail service",
    !expected || new URL(expected).origin === posted,
    expected
      ? new URL(expected).origin === posted
        ? `the pages post to ${api}`
        : `the pages post to ${posted}, not the deployed ${new URL(expected).origin}`
      : `the pages post to ${api} (the address their policy names)`,
  );
  const health = await get(`${api}/health`);
  add(
    "Mail service health",
    !(health instanceof Error) && health.status === 200,
    health instanceof Error ? `${api} ${unreachable(health)}` : `${api}/health answered ${health.status}`,
  );
  // An empty enquiry: the contract refuses it with 400 before anything is stored or sent, which proves the
  // service answers the form's address without sending any mail.
  const empty = await get(`${api}/mail-sender`, {
    method: "POST",
    headers: { Origin: site, "Content-Type": "application/json" },
    body: "{}",
  });
  const corsForSite = empty instanceof Error ? null : empty.headers.get("access-control-allow-origin");
  add(
    "Mail service answers the form",
    !(empty instanceof Error) && empty.status === 400 && corsForSite === site,
    empty instanceof Error
      ? unreachable(empty)
      : `an empty enquiry answered ${empty.status}${empty.status === 400 ? " (refused, as the contract says)" : ", not the contract's 400"}, ${corsForSite === site ? "for the site" : "without CORS for the site"}`,
  );
  // The site's origin, and two it must refuse: another site's, and "null" (a sandboxed frame's, a file's).
  for (const [origin, allowed] of [
    [site, true],
    [ANOTHER_ORIGIN, false],
    ["null", false],
  ] as const) {
    const preflight = await get(`${api}/mail-sender`, {
      method: "OPTIONS",
      headers: {
        Origin: origin,
        "Access-Control-Request-Method": "POST",
        // The form's request carries these two: its JSON, and the check beside the enquiry.
        "Access-Control-Request-Headers": `content-type, ${CHECK_HEADER.toLowerCase()}`,
      },
    });
    const granted = preflight instanceof Error ? null : preflight.headers.get("access-control-allow-origin");
    const headers = preflight instanceof Error ? "" : (preflight.headers.get("access-control-allow-headers") ?? "");
    // Granted to this origin by name, or to any ("*"), is granted: the site's must be by name, with the form's
    // headers, no other at all.
    const grants = granted === origin || granted === "*";
    const withCheck = headers.toLowerCase().includes(CHECK_HEADER.toLowerCase());
    add(
      `CORS from ${allowed ? "the site" : origin === "null" ? "the null origin" : "another origin"}`,
      !(preflight instanceof Error) && (allowed ? granted === origin && withCheck : !grants),
      preflight instanceof Error
        ? unreachable(preflight)
        : granted
          ? `allowed (${granted})${allowed && !withCheck ? `, but not the form's ${CHECK_HEADER} header: deploy the mail service again (npm run deploy)` : ""}`
          : `refused (${preflight.status})`,
    );
  }
}

async function checkEditor(
  site: string,
  repository: string | undefined,
  rules: ReturnType<typeof readHeadersFile> | undefined,
  get: Get,
  add: Add,
): Promise<void> {
  const editor = await get(`${site}/admin/`);
  const config = await get(`${site}/admin/config.yml`);
  const repo = config instanceof Error || !config.ok ? undefined : /^\s*repo:\s*(\S+)/m.exec(await config.text())?.[1];
  const header = (name: string) => (editor instanceof Error ? "" : (editor.headers.get(name) ?? ""));
  // The editor's own policy (it needs eval), as the build wrote it, else as the site's rules make it.
  const policy =
    (rules && expectedHeaders(rules, "/admin/*")?.["content-security-policy"]) ?? adminContentSecurityPolicy();
  const problems =
    editor instanceof Error
      ? [unreachable(editor)]
      : [
          ...(editor.status === 200 ? [] : [`/admin/ answered ${editor.status}`]),
          ...(header("content-security-policy") === policy
            ? []
            : [header("content-security-policy") ? "its policy is not the editor's" : "no content-security-policy"]),
          ...transportProblems(header),
          ...(repo ? [] : ["its configuration names no repository"]),
          ...(repo && repository && repo !== repository ? [`saves to ${repo}, not ${repository}`] : []),
        ];
  add("Editor", problems.length === 0, problems.join("; ") || `its own policy; saves to ${repo}`);
}

/** A Set-Cookie header's attributes, by name in lower case, whatever their order (RFC 6265). */
export function cookieAttributes(header: string): { name: string; value: string; attributes: Map<string, string> } {
  const [pair = "", ...parts] = header.split(";").map((part) => part.trim());
  const at = pair.indexOf("=");
  return {
    name: pair.slice(0, Math.max(at, 0)),
    value: pair.slice(at + 1),
    attributes: new Map(
      parts.map((part) => {
        const equals = part.indexOf("=");
        return equals < 0
          ? [part.toLowerCase(), ""]
          : [part.slice(0, equals).trim().toLowerCase(), part.slice(equals + 1).trim()];
      }),
    ),
  };
}

async function checkSignIn(site: string, get: Get, add: Add): Promise<void> {
  const signIn = await get(`${site}/api/auth?provider=github&scope=repo`);
  if (signIn instanceof Error || signIn.status !== 302) {
    add(
      "Editor's sign-in",
      false,
      signIn instanceof Error
        ? unreachable(signIn)
        : `/api/auth answered ${signIn.status}${signIn.status === 503 ? " (GITHUB_CLIENT_ID or GITHUB_CLIENT_SECRET not set)" : ""}`,
    );
    return;
  }
  const to = new URL(signIn.headers.get("location") ?? "", site);
  const clientId = to.searchParams.get("client_id") ?? "";
  const cookie = cookieAttributes(signIn.headers.get("set-cookie") ?? "");
  const problems = [
    ...(`${to.origin}${to.pathname}` === "https://github.com/login/oauth/authorize"
      ? []
      : [`sends to ${to.origin}${to.pathname}`]),
    ...(to.searchParams.get("redirect_uri") === `${site}/api/callback`
      ? []
      : [`redirect_uri is ${to.searchParams.get("redirect_uri") ?? "missing"}, not ${site}/api/callback`]),
    ...(PLACEHOLDER_ID.test(clientId) ? [`client_id "${clientId}" is a placeholder`] : []),
    ...(/^[0-9a-f]{32,}$/.test(to.searchParams.get("state") ?? "") ? [] : ["no random state"]),
    ...(cookie.name.startsWith("__Host-") &&
    /^[0-9a-f]{32,}$/.test(cookie.value) &&
    cookie.attributes.has("secure") &&
    cookie.attributes.has("httponly")
      ? []
      : ["no secure state cookie"]),
  ];
  add(
    "Editor's sign-in",
    problems.length === 0,
    problems.join("; ") || `sends to https://github.com/login/oauth/authorize, back to ${site}/api/callback`,
  );
  const forged = await get(`${site}/api/callback?code=forged&state=${"0".repeat(64)}`);
  add(
    "Sign-in refuses a forged answer",
    !(forged instanceof Error) && forged.status >= 400 && forged.status < 500,
    forged instanceof Error ? unreachable(forged) : `/api/callback with a forged state answered ${forged.status}`,
  );
}

/** The checks as the table check:live prints, one line each. */
export function formatChecks(checks: Check[]): string {
  const width = Math.max(...checks.map(({ check }) => check.length));
  return checks
    .map(({ check, ok, detail }) => `  ${ok ? "ok  " : "FAIL"}  ${check.padEnd(width)}  ${detail}`)
    .join("\n");
}

export function printChecks(checks: Check[]): void {
  console.log(formatChecks(checks));
}

const USAGE = `npm run check:live -- <site address> [--repository owner/name] [--mail-api <address>] [--headers <file>]
                                     [--commit <sha>] [--connect-to <public origin>=<origin>,…]
Checks a deployment of the site, read-only, and exits 1 if anything fails: its pages and the headers the build
wrote for them (public/_headers, or --headers), the not-found pages, /version.json (the commit deployed: --commit,
else this checkout's), the mail service (--mail-api: the address the pages must post to), its health, its answer
to an empty enquiry and CORS, the editor and its sign-in. --connect-to reaches a public origin at another, such as
a rehearsal on this computer.`;

async function main() {
  const [address, ...rest] = process.argv.slice(2);
  if (!address || address === "--help" || address === "-h") {
    console.log(USAGE);
    process.exit(address ? 0 : 2);
  }
  const options: {
    repository?: string;
    mailApi?: string;
    headersFile?: string;
    commit?: string;
    connectTo?: ConnectTo;
  } = {};
  for (let index = 0; index < rest.length; index += 2) {
    const name = rest[index];
    const value = rest[index + 1];
    if (!value) {
      console.error(`Unknown argument: ${rest.slice(index).join(" ")}\n\n${USAGE}`);
      process.exit(2);
    }
    if (name === "--repository") options.repository = value;
    else if (name === "--mail-api") options.mailApi = value;
    else if (name === "--headers") options.headersFile = path.resolve(value);
    else if (name === "--commit") options.commit = value;
    else if (name === "--connect-to") {
      try {
        options.connectTo = parseConnectTo(value);
      } catch (error) {
        console.error(`--connect-to: ${(error as Error).message}\n\n${USAGE}`);
        process.exit(2);
      }
    } else {
      console.error(`Unknown argument: ${rest.slice(index).join(" ")}\n\n${USAGE}`);
      process.exit(2);
    }
  }
  options.commit ??= checkedOutCommit(process.cwd());
  try {
    new URL(address);
  } catch {
    console.error(`"${address}" is not a web address: give the site's, e.g. https://www.example.com\n\n${USAGE}`);
    process.exit(2);
  }
  console.log(`Checking ${address}:`);
  const checks = await checkLive(address, options);
  printChecks(checks);
  const failed = checks.filter(({ ok }) => !ok).length;
  console.log(failed > 0 ? `${failed} of ${checks.length} checks failed.` : `All ${checks.length} checks passed.`);
  process.exit(failed > 0 ? 1 : 0);
}

if (require.main === module) runCommand(main);
