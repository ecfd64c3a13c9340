#!/usr/bin/env node
/**
 * `npm run edit`: the content editor on this computer. Starts the editor's
 * local proxy (editor-proxy.mjs, which writes to data/ in the working tree)
 * and the Gatsby development server; open http://127.0.0.1:8000/admin/ and
 * every saved change lands in data/*.yaml, with the site reloading beside it.
 *
 * Ports: EDIT_PORT (site, default 8000), DECAP_SERVER_PORT (proxy, default 8081).
 */
import { spawn } from "node:child_process";
import { requireFreePorts } from "./free-ports.mjs";
import { startEditorProxy } from "./editor-proxy.mjs";

const sitePort = process.env.EDIT_PORT ?? "8000";
const proxyPort = process.env.DECAP_SERVER_PORT ?? "8081";

await requireFreePorts("npm run edit", [
  { port: Number(sitePort), setting: "EDIT_PORT" },
  { port: Number(proxyPort), setting: "DECAP_SERVER_PORT" },
]);
const proxy = await startEditorProxy({
  port: Number(proxyPort),
  repository: process.cwd(),
  editorOrigins: [`http://127.0.0.1:${sitePort}`, `http://localhost:${sitePort}`],
});
const site = spawn("npx", ["gatsby", "develop", "-H", "127.0.0.1", "-p", sitePort], {
  stdio: "inherit",
  env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", DECAP_SERVER_PORT: proxyPort },
});

console.log(`Content editor: http://127.0.0.1:${sitePort}/admin/ (changes are saved to data/)`);

async function stop(code) {
  if (site.exitCode === null) site.kill("SIGTERM");
  await proxy.close();
  process.exit(code);
}
site.on("exit", (code) => stop(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(0));
