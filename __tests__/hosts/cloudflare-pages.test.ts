/**
 * @jest-environment node
 *
 * Cloudflare Pages, as its own local runtime serves the build (`wrangler pages
 * dev`, the workerd runtime of Pages): addresses, redirects, the not-found
 * pages, public/_headers, caching, and not a single rule it rejects.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startPagesDev, type PagesDev } from "../../scripts/pages-dev";
import { publicDir, requireBuild } from "./support/built-site";
import { checkHostServesTheBuild } from "./support/host-checks";

jest.setTimeout(120_000);

let host: PagesDev;

beforeAll(async () => {
  requireBuild();
  host = await startPagesDev({ root: publicDir, quiet: true, functions: true });
});

afterAll(async () => {
  await host?.close();
});

test("Cloudflare Pages takes every rule the build writes, with no warning", () => {
  expect(host.output()).toMatch(/Parsed \d+ valid header rules/);
  expect(host.output()).not.toMatch(/invalid|warning|error/i);
});

checkHostServesTheBuild(() => host.url);

test("the editor's sign-in runs beside the build, and without its two secrets says which to set", async () => {
  const answer = await fetch(`${host.url}/api/auth?provider=github`, { redirect: "manual" });
  expect(answer.status).toBe(503);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  const text = await answer.text();
  expect(text).toContain("GITHUB_CLIENT_ID");
  expect(text).toContain("GITHUB_CLIENT_SECRET");
});

test("a running server follows a rebuild: the policy it sends is the one in _headers now", async () => {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), "pages-reload-"));
  const headersFor = (build: string) => `/*\n  Content-Security-Policy: script-src 'sha256-${build}'\n`;
  fs.writeFileSync(path.join(site, "index.html"), "<!doctype html><title>t</title>");
  fs.writeFileSync(path.join(site, "_headers"), headersFor("first"));
  const server = await startPagesDev({ root: site, quiet: true });
  try {
    const policy = async () => (await fetch(`${server.url}/`)).headers.get("content-security-policy");
    expect(await policy()).toBe("script-src 'sha256-first'");
    fs.writeFileSync(path.join(site, "_headers"), headersFor("second"));
    // wrangler watches the folder and reloads on its own; wait for it, however long the machine takes.
    let seen = await policy();
    for (let tries = 0; seen !== "script-src 'sha256-second'" && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      seen = await policy();
    }
    expect(seen).toBe("script-src 'sha256-second'");
  } finally {
    await server.close();
    fs.rmSync(site, { recursive: true, force: true });
  }
});
