#!/usr/bin/env node
/**
 * The browser tests' web server (Playwright's webServer): starts the test
 * mail service, builds the production site pointed at it, then serves public/
 * on 127.0.0.1 with Debian's nginx and the site's own nginx configuration
 * (scripts/nginx.ts) until Playwright stops it. Both
 * take free ports; the last line it prints says where they are, and
 * playwright.config.ts hands that on to the tests.
 *
 * SKIP_BUILD=1 serves the build a previous run made, with the mail service on
 * the address that build posts to.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startNginx } from "../../../scripts/nginx";
import { startTestMailService } from "./test-mail-service";

const root = path.resolve(__dirname, "../../..");

/** The mail-service origin a build posts to, read from its policy's connect-src. */
function mailOriginOfBuild(): URL {
  const html = fs.readFileSync(path.join(root, "public", "index.html"), "utf8");
  const origin = /connect-src 'self' (http:\/\/127\.0\.0\.1:\d+)/.exec(html)?.[1];
  if (!origin) throw new Error("public/ was not built by the browser tests; run them once without SKIP_BUILD.");
  return new URL(origin);
}

async function main() {
  const reuse = process.env.SKIP_BUILD === "1";
  const mail = await startTestMailService({ port: reuse ? Number(mailOriginOfBuild().port) : 0 });
  if (!reuse) {
    const build = spawnSync("npx", ["gatsby", "build"], {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        GATSBY_TELEMETRY_DISABLED: "1",
        GATSBY_MAIL_API_URL: mail.apiUrl,
        // The deployed editor needs to know its repository; this test site's is a made-up one.
        CMS_REPO: "example/website",
      },
    });
    if (build.status !== 0) {
      console.error("The site did not build; see the output above.");
      process.exit(1);
    }
  }
  const site = await startNginx({ root: path.join(root, "public") });
  console.log(`Test site at ${site.url}, mail service at ${mail.apiUrl}, its control at ${mail.controlUrl}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
