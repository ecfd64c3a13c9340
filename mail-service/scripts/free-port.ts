/**
 * A port nothing listens on now, as the system hands out for port 0. For
 * settings that must be known before the server that will use it starts
 * (a build that bakes in an address, a config file read synchronously).
 * The mail service's own, so that it needs nothing from the site's scripts;
 * they take it from here (scripts/free-ports.ts).
 */
import { execFileSync } from "node:child_process";

export function freePortSync(): number {
  const probe = `const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { process.stdout.write(String(s.address().port)); s.close(); });`;
  return Number(execFileSync(process.execPath, ["-e", probe], { encoding: "utf8" }));
}
