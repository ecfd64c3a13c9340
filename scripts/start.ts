#!/usr/bin/env node
/**
 * `npm start`: builds the production site and serves it at
 * http://localhost:9000 with Cloudflare Pages' own runtime (pages-dev.ts).
 * Unless GATSBY_MAIL_API_URL points elsewhere, it also runs the mail service
 * in Cloudflare's Worker runtime (mail-service/scripts/local-service.ts),
 * delivering over SMTP to a local inbox that writes each e-mail to
 * mail-outbox/ as an .eml file; its database lives in .wrangler/mail-service,
 * so an enquiry not delivered when npm start stops is delivered on the next
 * start. wrangler's local runtime fires no cron by itself, so this fires the
 * service's sweep once a minute, as Cloudflare's cron trigger would. Should
 * the service's runtime stop, it says so and starts it again on its port.
 * The site's Pages Functions run too (functions/: the editor's sign-in at
 * /api/auth), with GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET from the
 * environment, and the editor is built to sign in there, as on Cloudflare.
 *
 * The e-mails come from and go to the addresses deploy/cloudflare.jsonc gives, as the deployed service's will.
 *
 * Ports: PORT (site, default 9000), MAIL_PORT (mail service, default 8025).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { LOCAL_STATE } from "mail-service/database";
import { startLocalInbox, type LocalInbox } from "mail-service/local-inbox";
import { startLocalMailService, type LocalMailService } from "mail-service/local-service";
import { runCommand, takeNoArguments } from "./cli";
import { requireFreePorts } from "./free-ports";
import { signInVars, startPagesDev } from "./pages-dev";
import { siteIndustries } from "../plugins/site-content/industries";
import { settingsAddresses } from "./deploy/settings";

const OUTBOX = "mail-outbox";
const SWEEP_EVERY_MS = 60_000;

takeNoArguments(`
npm start: builds the production site and serves it at http://localhost:9000 with Cloudflare Pages' own runtime,
with the mail service running beside it in Cloudflare's Worker runtime: each enquiry sent from the site is
delivered as an e-mail to ${OUTBOX}/*.eml.
  PORT                 the site's port (default 9000)
  MAIL_PORT            the mail service's port (default 8025)
  GATSBY_MAIL_API_URL  a mail service's v1 base address to post to instead of the local one
  GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET
                       a GitHub OAuth app's, for the editor's sign-in at /admin/ (without them it says they are missing)`);

async function main() {
  const sitePort = Number(process.env.PORT ?? 9000);
  const mailPort = Number(process.env.MAIL_PORT ?? 8025);
  const env: NodeJS.ProcessEnv = {
    // The editor signs in with the site's own functions, as on Cloudflare Pages.
    CMS_AUTH_URL: `http://localhost:${sitePort}/api/auth`,
    ...process.env,
    GATSBY_TELEMETRY_DISABLED: "1",
  };
  const local = !env.GATSBY_MAIL_API_URL;
  await requireFreePorts("npm start", [
    { port: sitePort, setting: "PORT" },
    ...(local ? [{ port: mailPort, setting: "MAIL_PORT" }] : []),
  ]);

  const inbox = local
    ? await startLocalInbox({
        folder: OUTBOX,
        onMessage: (file) => console.log(`An enquiry arrived: ${path.relative(process.cwd(), file)}`),
      })
    : undefined;
  const startService = (smtp: LocalInbox["serviceVars"]) =>
    startLocalMailService({
      stateDir: LOCAL_STATE,
      port: mailPort,
      vars: {
        ALLOWED_ORIGINS: `http://localhost:${sitePort},http://127.0.0.1:${sitePort}`,
        SITE_INDUSTRIES: siteIndustries(process.cwd()),
        ...settingsAddresses(process.cwd()),
        ...smtp,
      },
      onEvent: (event) => {
        if (event.level !== "info") console.error(`Mail service: ${JSON.stringify(event)}`);
      },
    });
  let service = inbox ? await startService(inbox.serviceVars) : undefined;
  let stopping = false;
  // The site's pages post to this port: a runtime that dies is started again on it, its database kept.
  const watch = (running: LocalMailService) => {
    void running.exited.then(async (code) => {
      if (stopping || !inbox) return;
      console.error(`Mail service: its runtime stopped (exit code ${code}); starting it again on port ${mailPort}.`);
      try {
        service = await startService(inbox.serviceVars);
        console.error(
          "Mail service: running again. Enquiries sent while it was down got the form's failure message: none was taken.",
        );
        watch(service);
      } catch (error) {
        console.error(`Mail service: it could not be started again: ${(error as Error).message}`);
      }
    });
  };
  if (service) watch(service);
  const sweep = service
    ? setInterval(() => {
        service?.runCron().catch((error: Error) => console.error(`Mail service: the sweep failed: ${error.message}`));
      }, SWEEP_EVERY_MS)
    : undefined;
  if (service) env.GATSBY_MAIL_API_URL = service.apiUrl;
  const stopMail = async () => {
    stopping = true;
    clearInterval(sweep);
    await Promise.all([service?.close(), inbox?.close()]);
  };

  const build = spawnSync("npx", ["gatsby", "build"], { stdio: "inherit", env });
  if (build.status !== 0) {
    await stopMail();
    process.exit(build.status ?? 1);
  }

  const site = await startPagesDev({
    root: "public",
    port: sitePort,
    functions: true,
    vars: signInVars(process.env),
  });
  console.log(`\nThe site is at ${site.url.replace("127.0.0.1", "localhost")}`);
  console.log(
    service
      ? `Enquiries go to the mail service at ${service.apiUrl} and arrive as e-mails in ${OUTBOX}/.`
      : `Enquiries go to ${env.GATSBY_MAIL_API_URL}.`,
  );
  console.log("Press Ctrl+C to stop.");
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, async () => {
      await Promise.all([site.close(), stopMail()]);
      process.exit(0);
    });
  }
}

runCommand(main);
