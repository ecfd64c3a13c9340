#!/usr/bin/env node
/**
 * `npm run serve`: serves the built site (public/) with Cloudflare Pages' own
 * runtime (pages-dev.ts), at http://localhost:9000 unless PORT says otherwise,
 * with the site's functions (the editor's sign-in, given GITHUB_CLIENT_ID and
 * GITHUB_CLIENT_SECRET).
 */
import fs from "node:fs";
import { runCommand, takeNoArguments } from "./cli";
import { requireFreePorts } from "./free-ports";
import { signInVars, startPagesDev } from "./pages-dev";

takeNoArguments(`
npm run serve: serves the built site (public/) with Cloudflare Pages' own runtime.
  PORT  the port (default 9000)
  GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET  a GitHub OAuth app's, for the editor's sign-in
Build first with npm run build, or use npm start, which builds and serves.`);

async function main() {
  const port = Number(process.env.PORT ?? 9000);
  await requireFreePorts("npm run serve", [{ port, setting: "PORT" }]);
  if (!fs.existsSync("public/index.html")) {
    console.error(
      "Nothing to serve: public/ holds no build. Run npm run build first, or npm start to build and serve.",
    );
    process.exit(1);
  }
  const site = await startPagesDev({ root: "public", port, functions: true, vars: signInVars(process.env) });
  console.log(`Serving public/ at ${site.url.replace("127.0.0.1", "localhost")}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => void site.close().then(() => process.exit(0)));
}

runCommand(main);
