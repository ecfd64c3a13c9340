#!/usr/bin/env node
/**
 * `npm start`: builds the production site and serves it at
 * http://localhost:9000 with Cloudflare Pages' own runtime (pages-dev.ts).
 * Without GATSBY_MAIL_API_URL it also runs the local mail stand-in and points
 * the build at it, so an enquiry sent from the site lands in
 * mail-outbox/enquiries.jsonl.
 *
 * Ports: PORT (site, default 9000), MAIL_PORT (mail stand-in, default 8025).
 */
import { spawnSync } from "node:child_process";
import { takeNoArguments } from "./cli";
import { requireFreePorts } from "./free-ports";
import { startMailStandIn } from "./mail-stand-in";
import { startPagesDev } from "./pages-dev";

const OUTBOX = "mail-outbox/enquiries.jsonl";

takeNoArguments(`
npm start: builds the production site and serves it at http://localhost:9000 with Cloudflare Pages' own runtime.
Without GATSBY_MAIL_API_URL, enquiries go to a local mail stand-in and land in ${OUTBOX}.
  PORT                 the site's port (default 9000)
  MAIL_PORT            the mail stand-in's port (default 8025)
  GATSBY_MAIL_API_URL  the mail service's v1 base address, instead of the stand-in`);

async function main() {
  const sitePort = Number(process.env.PORT ?? 9000);
  const mailPort = Number(process.env.MAIL_PORT ?? 8025);
  const env: NodeJS.ProcessEnv = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" };
  await requireFreePorts("npm start", [
    { port: sitePort, setting: "PORT" },
    ...(env.GATSBY_MAIL_API_URL ? [] : [{ port: mailPort, setting: "MAIL_PORT" }]),
  ]);
  const standIn = env.GATSBY_MAIL_API_URL
    ? undefined
    : await startMailStandIn({
        port: mailPort,
        outbox: OUTBOX,
        allowedOrigins: [`http://localhost:${sitePort}`, `http://127.0.0.1:${sitePort}`],
      });
  if (standIn) env.GATSBY_MAIL_API_URL = standIn.url;

  const build = spawnSync("npx", ["gatsby", "build"], { stdio: "inherit", env });
  if (build.status !== 0) {
    await standIn?.close();
    process.exit(build.status ?? 1);
  }

  const site = await startPagesDev({ root: "public", port: sitePort });
  console.log(`\nThe site is at ${site.url.replace("127.0.0.1", "localhost")}`);
  console.log(
    standIn
      ? `Enquiries go to the local mail stand-in (${standIn.url}) and are appended to ${OUTBOX}.`
      : `Enquiries go to ${env.GATSBY_MAIL_API_URL}.`,
  );
  console.log("Press Ctrl+C to stop.");
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, async () => {
      await Promise.all([site.close(), standIn?.close()]);
      process.exit(0);
    });
  }
}

void main();
