#!/usr/bin/env node
/**
 * `npm run check:live -- <site address>`: checks a deployment, read-only,
 * and prints a table: every page of the sitemap answers 200 with the
 * security headers and one policy; an unknown address answers 404 in its
 * language; the mail service (found in the pages' connect-src) answers its
 * health check and allows the site's origin, and no other, in CORS; the
 * editor loads and names its repository; the sign-in starts at GitHub.
 * Exits 1 when any check fails. Sends GET, HEAD and OPTIONS only, and
 * follows no redirect to another host.
 */
import { languages, localizedPath } from "../contract/src/languages";

export interface Check {
  check: string;
  ok: boolean;
  detail: string;
}

/** The headers every page of the site is served with (plugins/site-headers). */
const REQUIRED_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "permissions-policy",
  "strict-transport-security",
];
const ANOTHER_ORIGIN = "https://another-site.invalid";

async function get(address: string, init: RequestInit = {}): Promise<Response | Error> {
  try {
    return await fetch(address, { redirect: "manual", signal: AbortSignal.timeout(15_000), ...init });
  } catch (error) {
    return error as Error;
  }
}

const unreachable = (error: Error) =>
  `could not be reached (${error.cause instanceof Error ? error.cause.message : error.message})`;

export async function checkLive(siteAddress: string, { repository }: { repository?: string } = {}): Promise<Check[]> {
  const site = new URL(siteAddress).origin;
  const checks: Check[] = [];
  const add = (check: string, ok: boolean, detail: string) => checks.push({ check, ok, detail });

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
        ? `${pages.length} pages`
        : `answered ${sitemap.status}, no page listed`,
  );
  let policy = "";
  for (const page of pages) {
    const answer = await get(`${site}${page}`);
    if (answer instanceof Error) {
      add(`Page ${page}`, false, unreachable(answer));
      continue;
    }
    const missing = REQUIRED_HEADERS.filter((name) => !answer.headers.get(name));
    const csp = answer.headers.get("content-security-policy") ?? "";
    // Two policies arrive joined by a comma, and a browser applies both.
    const policies = csp ? csp.split(",").length : 0;
    policy ||= csp;
    const problems = [
      ...(answer.status === 200 ? [] : [`answered ${answer.status}`]),
      ...(missing.length > 0 ? [`missing ${missing.join(", ")}`] : []),
      ...(policies > 1 ? [`${policies} policies`] : []),
    ];
    add(`Page ${page}`, problems.length === 0, problems.join("; ") || "200, security headers, one policy");
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

  const mailOrigin = /connect-src[^;]*?\s(https?:\/\/[^\s;']+)/.exec(policy)?.[1];
  if (!mailOrigin) {
    add("Mail service", false, "no page's policy names a mail service (connect-src)");
  } else {
    const health = await get(`${mailOrigin}/api/v1/health`);
    add(
      "Mail service health",
      !(health instanceof Error) && health.status === 200,
      health instanceof Error
        ? `${mailOrigin} ${unreachable(health)}`
        : `${mailOrigin}/api/v1/health answered ${health.status}`,
    );
    for (const [origin, allowed] of [
      [site, true],
      [ANOTHER_ORIGIN, false],
    ] as const) {
      const preflight = await get(`${mailOrigin}/api/v1/mail-sender`, {
        method: "OPTIONS",
        headers: {
          Origin: origin,
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "content-type",
        },
      });
      const granted = preflight instanceof Error ? null : preflight.headers.get("access-control-allow-origin");
      add(
        `CORS from ${allowed ? "the site" : "another origin"}`,
        !(preflight instanceof Error) && (granted === origin) === allowed,
        preflight instanceof Error
          ? unreachable(preflight)
          : granted
            ? `allowed (${granted})`
            : `refused (${preflight.status})`,
      );
    }
  }

  const editor = await get(`${site}/admin/`);
  const config = await get(`${site}/admin/config.yml`);
  const repo = config instanceof Error || !config.ok ? undefined : /^\s*repo:\s*(\S+)/m.exec(await config.text())?.[1];
  add(
    "Editor",
    !(editor instanceof Error) && editor.status === 200 && Boolean(repo) && (!repository || repo === repository),
    editor instanceof Error
      ? unreachable(editor)
      : editor.status !== 200
        ? `/admin/ answered ${editor.status}`
        : repo
          ? `saves to ${repo}${repository && repo !== repository ? `, not ${repository}` : ""}`
          : "its configuration names no repository",
  );

  const signIn = await get(`${site}/api/auth?provider=github&scope=repo`);
  const to = signIn instanceof Error ? "" : (signIn.headers.get("location") ?? "");
  add(
    "Editor's sign-in",
    !(signIn instanceof Error) && signIn.status === 302 && to.startsWith("https://github.com/login/oauth/authorize?"),
    signIn instanceof Error
      ? unreachable(signIn)
      : signIn.status === 302
        ? `sends to ${to.split("?")[0]}`
        : `/api/auth answered ${signIn.status}${signIn.status === 503 ? " (GITHUB_CLIENT_ID or GITHUB_CLIENT_SECRET not set)" : ""}`,
  );
  return checks;
}

export function printChecks(checks: Check[]): void {
  const width = Math.max(...checks.map(({ check }) => check.length));
  for (const { check, ok, detail } of checks)
    console.log(`  ${ok ? "ok  " : "FAIL"}  ${check.padEnd(width)}  ${detail}`);
}

const USAGE = `npm run check:live -- <site address> [--repository owner/name]
Checks a deployment of the site, read-only, and exits 1 if anything fails: its pages and headers, the not-found
pages, the mail service's health and CORS, the editor and its sign-in.`;

async function main() {
  const [address, ...rest] = process.argv.slice(2);
  if (!address || address === "--help" || address === "-h") {
    console.log(USAGE);
    process.exit(address ? 0 : 2);
  }
  let repository: string | undefined;
  if (rest[0] === "--repository" && rest[1]) repository = rest[1];
  else if (rest.length > 0) {
    console.error(`Unknown argument: ${rest.join(" ")}\n\n${USAGE}`);
    process.exit(2);
  }
  try {
    new URL(address);
  } catch {
    console.error(`"${address}" is not a web address: give the site's, e.g. https://www.example.com\n\n${USAGE}`);
    process.exit(2);
  }
  console.log(`Checking ${address}:`);
  const checks = await checkLive(address, { repository });
  printChecks(checks);
  const failed = checks.filter(({ ok }) => !ok).length;
  console.log(failed > 0 ? `${failed} of ${checks.length} checks failed.` : `All ${checks.length} checks passed.`);
  process.exit(failed > 0 ? 1 : 0);
}

if (require.main === module) void main();
