import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./scripts/chromium.mjs";
import { MAIL_API_URL, SITE_PORT, SITE_URL } from "./__tests__/browser/support/environment";

/**
 * Browser tests against the production build, in Debian's Chromium
 * (Playwright's own browser downloads cannot work here). The web server
 * builds the site for the test mail stand-in's address and serves it. Two
 * workers share the machine's two cores, a file to each at a time; only the
 * enquiry tests (enquiry.spec.ts) start the mail stand-in, on that one
 * address, so they are kept in one file and run one after another.
 */
export default defineConfig({
  testDir: "__tests__/browser",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  outputDir: "artifacts/test-results",
  reporter: [["list"]],
  webServer: {
    command: `node __tests__/browser/support/serve-site.mjs ${SITE_PORT} ${MAIL_API_URL}`,
    url: `${SITE_URL}/`,
    // A cold build on a 2-core machine takes about a minute; leave room.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
  use: {
    ...devices["Desktop Chrome"],
    baseURL: SITE_URL,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
});
