#!/usr/bin/env node
/**
 * `npm run serve`: serves the built site (public/) as a static host would
 * (see static-server.mjs), at http://localhost:9000 unless PORT says otherwise.
 *
 *   node scripts/serve.mjs [--port 9000] [--host 127.0.0.1] [--dir public]
 */
import { parseArgs } from "node:util";
import { requireFreePorts } from "./free-ports.mjs";
import { startStaticServer } from "./static-server.mjs";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT ?? "9000" },
    host: { type: "string", default: "127.0.0.1" },
    dir: { type: "string", default: "public" },
  },
});
await requireFreePorts("npm run serve", [{ port: Number(values.port), setting: "PORT" }]);
const server = await startStaticServer({ root: values.dir, port: Number(values.port), host: values.host });
console.log(`Serving ${values.dir}/ at ${server.url.replace("127.0.0.1", "localhost")}`);
