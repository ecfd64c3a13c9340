#!/usr/bin/env node
/**
 * `npm start`: builds the production site and serves it at http://localhost:9000.
 * Without GATSBY_MAIL_API_URL it also runs the local mail stand-in and points
 * the build at it, so an enquiry sent from the site lands in
 * mail-outbox/enquiries.jsonl.
 *
 * Ports: PORT (site, default 9000), MAIL_PORT (mail stand-in, default 8025).
 */
import { spawnSync } from "node:child_process";
import { requireFreePorts } from "./free-ports.mjs";
import { startMailStandIn } from "./mail-stand-in.mjs";
import { startStaticServer } from "./static-server.mjs";

const SITE_PORT = Number(process.env.PORT ?? 9000);
const MAIL_PORT = Number(process.env.MAIL_PORT ?? 8025);
const OUTBOX = "mail-outbox/enquiries.jsonl";

const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" };
await requireFreePorts("npm start", [
  { port: SITE_PORT, setting: "PORT" },
  ...(env.GATSBY_MAIL_API_URL ? [] : [{ port: MAIL_PORT, setting: "MAIL_PORT" }]),
]);
let standIn;
if (!env.GATSBY_MAIL_API_URL) {
  standIn = await startMailStandIn({
    port: MAIL_PORT,
    outbox: OUTBOX,
    allowedOrigins: [`http://localhost:${SITE_PORT}`, `http://127.0.0.1:${SITE_PORT}`],
  });
  env.GATSBY_MAIL_API_URL = standIn.url;
}

const build = spawnSync("npx", ["gatsby", "build"], { stdio: "inherit", env });
if (build.status !== 0) {
  await standIn?.close();
  process.exit(build.status ?? 1);
}

const site = await startStaticServer({ port: SITE_PORT });
console.log(`\nThe site is at http://localhost:${SITE_PORT}`);
console.log(
  standIn
    ? `Enquiries go to the local mail stand-in (${standIn.url}) and are appended to ${OUTBOX}.`
    : `Enquiries go to ${env.GATSBY_MAIL_API_URL}.`,
);
console.log("Press Ctrl+C to stop.");

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    await Promise.all([site.close(), standIn?.close()]);
    process.exit(0);
  });
}
