/**
 * @jest-environment node
 *
 * Cloudflare Pages, as its own local runtime serves the build (`wrangler pages
 * dev`, the workerd runtime of Pages): addresses, redirects, the not-found
 * pages, public/_headers, caching, and not a single rule it rejects.
 */
import { startPagesDev, type PagesDev } from "../../scripts/pages-dev";
import { publicDir, requireBuild } from "./support/built-site";
import { checkHostServesTheBuild } from "./support/host-checks";

jest.setTimeout(120_000);

let host: PagesDev;

beforeAll(async () => {
  requireBuild();
  host = await startPagesDev({ root: publicDir, quiet: true });
});

afterAll(async () => {
  await host?.close();
});

test("Cloudflare Pages takes every rule the build writes, with no warning", () => {
  expect(host.output()).toMatch(/Parsed \d+ valid header rules/);
  expect(host.output()).not.toMatch(/invalid|warning|error/i);
});

checkHostServesTheBuild(() => host.url);
