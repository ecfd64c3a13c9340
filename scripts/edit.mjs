#!/usr/bin/env node
/**
 * `npm run edit`: the content editor on this computer. Starts Decap CMS's
 * local proxy (decap-server, which writes to data/ in the working tree) and
 * the Gatsby development server; open http://127.0.0.1:8000/admin/ and every
 * saved change lands in data/*.yaml, with the site reloading beside it.
 *
 * Ports: EDIT_PORT (site, default 8000), DECAP_SERVER_PORT (proxy, default 8081).
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { requireFreePorts } from "./free-ports.mjs";

const sitePort = process.env.EDIT_PORT ?? "8000";
const proxyPort = process.env.DECAP_SERVER_PORT ?? "8081";

await requireFreePorts("npm run edit", [
  { port: Number(sitePort), setting: "EDIT_PORT" },
  { port: Number(proxyPort), setting: "DECAP_SERVER_PORT" },
]);
const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", DECAP_SERVER_PORT: proxyPort };

const proxy = spawn(process.execPath, [createRequire(import.meta.url).resolve("decap-server/dist/index.js")], {
  stdio: "inherit",
  env: {
    ...env,
    PORT: proxyPort,
    BIND_HOST: "127.0.0.1",
    MODE: "fs",
    GIT_REPO_DIRECTORY: process.cwd(),
    LOG_LEVEL: "warn",
  },
});
const site = spawn("npx", ["gatsby", "develop", "-H", "127.0.0.1", "-p", sitePort], { stdio: "inherit", env });

console.log(`Content editor: http://127.0.0.1:${sitePort}/admin/ (changes are saved to data/)`);

const children = [proxy, site];
function stop(code) {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  process.exitCode = code;
}
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(0));
