#!/usr/bin/env node
/**
 * The browser tests' web server (Playwright's webServer): builds the
 * production site for the mail service, serves public/ on 127.0.0.1 with
 * Debian's nginx and the site's own nginx configuration (scripts/nginx.ts),
 * and runs the mail service itself in Cloudflare's Worker runtime, allowing
 * the site's origin and delivering over SMTP to a local inbox whose folder
 * the tests read. All take free ports; the last line it prints says where
 * they are, and playwright.config.ts hands that on to the tests. It stops
 * them all on SIGTERM, which Playwright sends when the tests end.
 *
 * SKIP_BUILD=1 serves the build a previous run made, with the mail service on
 * the address that build posts to.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startLocalInbox } from "mail-service/local-inbox";
import { startLocalMailService } from "mail-service/local-service";
import { runCommand } from "../../../scripts/cli";
import { holdFreePort } from "../../../scripts/free-ports";
import { startNginx } from "../../../scripts/nginx";
import { siteIndustries } from "../../../plugins/site-content/industries";

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
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "browser-tests-mail-"));
  // The build bakes the mail service's address in: its port is held from before the build until the service binds it.
  const held = reuse ? undefined : await holdFreePort();
  const mailPort = held?.port ?? Number(mailOriginOfBuild().port);
  if (!reuse) {
    const build = spawnSync("npx", ["gatsby", "build"], {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        GATSBY_TELEMETRY_DISABLED: "1",
        GATSBY_MAIL_API_URL: `http://127.0.0.1:${mailPort}/api/v1`,
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
  const inbox = await startLocalInbox({ folder: path.join(work, "inbox") });
  await held?.release();
  const mail = await startLocalMailService({
    stateDir: path.join(work, "state"),
    port: mailPort,
    vars: {
      ALLOWED_ORIGINS: site.url,
      SITE_INDUSTRIES: siteIndustries(root),
      ...inbox.serviceVars,
      // Two workers send dozens of enquiries a minute, and this runtime runs no cron: past the provider's pace
      // (30 a minute) or the service's (60), an enquiry would wait for a sweep that never comes, and its test for an
      // e-mail that never arrives. The pacing has tests of its own (__tests__/mail-service-faults/).
      DELIVERY_RATE_PER_MINUTE: "10000",
      SERVICE_LIMIT_PER_MINUTE: "100000",
    },
    // The Worker's errors, where Playwright shows the web server's output: a refusal a test did not expect (an
    // enquiry not stored, a delivery that failed) is named beside the test that fails on it.
    onEvent: (event) => {
      if (event.level === "error") console.error(`Mail service: ${JSON.stringify(event)}`);
    },
    // The browser tests send a few enquiries a minute from one address.
    adjust: (config) => {
      for (const limiter of config.ratelimits) limiter.simple.limit = 1000;
    },
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, async () => {
      await Promise.all([mail.close(), inbox.close(), site.close()]);
      fs.rmSync(work, { recursive: true, force: true });
      process.exit(0);
    });
  }
  console.log(`Test site at ${site.url}, mail service at ${mail.apiUrl}, its inbox at ${inbox.folder}`);
}

runCommand(main);
