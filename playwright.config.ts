import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./scripts/chromium.mjs";
import { SITE_URL } from "./__tests__/browser/support/environment";

/**
 * Browser tests against the production build, served on 127.0.0.1 by the
 * global setup, in Debian's Chromium (Playwright's own browser downloads cannot
 * work here). Tests share the fixed ports the build was made for, so they run
 * one at a time.
 */
export default defineConfig({
  testDir: "__tests__/browser",
  testMatch: "**/*.spec.ts",
  globalSetup: "./__tests__/browser/support/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  outputDir: "artifacts/test-results",
  reporter: [["list"]],
  use: {
    ...devices["Desktop Chrome"],
    baseURL: SITE_URL,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    screenshot: "only-on-failure",
  },
});
