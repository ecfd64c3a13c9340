import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./scripts/chromium";

/**
 * Browser tests against the production build, in Debian's Chromium
 * (Playwright's own browser downloads cannot work here). The web server
 * (support/serve-site.ts) builds the site, serves it and runs the mail
 * service with its inbox, all on free ports, and prints where; the named
 * groups of `wait` put those addresses into the environment of the runner and
 * of the workers it starts, which read this file again (hence baseURL from
 * there).
 *
 * Tests tagged @full (the matrix of widths × languages × pages, focus rings,
 * the editor) run in `npm run test:full`; `npm test` runs the others, in
 * parallel on the two workers. Those tagged @pictures (screenshots for people
 * to look at) run only in `npm run screenshots`.
 */
export default defineConfig({
  testDir: "__tests__/browser",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  outputDir: "artifacts/test-results",
  reporter: [["list"]],
  webServer: {
    command: "npx tsx __tests__/browser/support/serve-site.ts",
    wait: {
      stdout:
        /Test site at (?<test_site_url>\S+), mail service at (?<test_mail_api_url>\S+), its inbox at (?<test_mail_inbox>\S+)/,
    },
    // The mail service runs in a process group of its own, which a plain kill of the web server's would miss.
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    // The limit catches a build that hangs, not a slow one: a cold build takes about two minutes on a quiet 2-core
    // machine, and took over five beside a second clone running its browser tests.
    timeout: 900_000,
    stdout: "pipe",
    stderr: "pipe",
  },
  use: {
    ...devices["Desktop Chrome"],
    baseURL: process.env.TEST_SITE_URL,
    // The company's own: what the pages show must not depend on the machine the tests run on.
    locale: "en-US",
    timezoneId: "Asia/Dubai",
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    screenshot: "only-on-failure",
    // Recording a trace of every test costs a sixth of the suite's time (and four times the editor's, whose pages
    // are large); a failure leaves its screenshot and page snapshot. `-- --trace retain-on-failure` records them.
    trace: "off",
  },
});
