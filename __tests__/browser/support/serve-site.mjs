#!/usr/bin/env node
/**
 * The browser tests' web server (Playwright's webServer): builds the
 * production site pointed at the test mail stand-in, then serves public/ on
 * 127.0.0.1 with its production headers until Playwright stops it.
 * SKIP_BUILD=1 serves the build a previous run made, if it was made for the
 * same mail-service address (TEST_MAIL_PORT fixes the port from run to run).
 *
 *   node __tests__/browser/support/serve-site.mjs <site port> <mail-service base address>
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startStaticServer } from "../../../scripts/static-server.mjs";

const [port, mailApiUrl] = process.argv.slice(2);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

if (process.env.SKIP_BUILD === "1") {
  // The address a build posts to is in its policy's connect-src.
  const html = fs.readFileSync(path.join(root, "public", "index.html"), "utf8");
  const builtFor = /connect-src 'self' ([^;"]+)/.exec(html)?.[1];
  if (builtFor !== new URL(mailApiUrl).origin) {
    console.error(
      `public/ was built for the mail service at ${builtFor}, this run's is at ${new URL(mailApiUrl).origin}. ` +
        `Run without SKIP_BUILD, or run again with TEST_MAIL_PORT=${new URL(builtFor ?? "http://x:0").port} to match the build.`,
    );
    process.exit(1);
  }
} else {
  const build = spawnSync("npx", ["gatsby", "build"], {
    cwd: root,
    stdio: "inherit",
    // The deployed editor needs to know its repository; this test site's is a made-up one.
    env: {
      ...process.env,
      GATSBY_TELEMETRY_DISABLED: "1",
      GATSBY_MAIL_API_URL: mailApiUrl,
      CMS_REPO: "example/website",
    },
  });
  if (build.status !== 0) {
    console.error("The site did not build; see the output above.");
    process.exit(1);
  }
}
const server = await startStaticServer({ root: path.join(root, "public"), port: Number(port) });
console.log(`Serving the built site at ${server.url}`);
