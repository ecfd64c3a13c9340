#!/usr/bin/env node
/**
 * `npm run serve`: serves the built site (public/) with Cloudflare Pages' own
 * runtime (pages-dev.ts), at http://localhost:9000 unless PORT says otherwise.
 */
import { requireFreePorts } from "./free-ports.mjs";
import { startPagesDev } from "./pages-dev";

async function main() {
  const port = Number(process.env.PORT ?? 9000);
  await requireFreePorts("npm run serve", [{ port, setting: "PORT" }]);
  const site = await startPagesDev({ root: "public", port });
  console.log(`Serving public/ at ${site.url.replace("127.0.0.1", "localhost")}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => void site.close().then(() => process.exit(0)));
}

void main();
