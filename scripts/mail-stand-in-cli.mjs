#!/usr/bin/env node
/**
 * Runs the mail stand-in (mail-stand-in.mjs) on its own.
 *
 *   node scripts/mail-stand-in-cli.mjs [--port 8025] [--host 127.0.0.1]
 *        [--outbox mail-outbox/enquiries.jsonl] [--origin http://localhost:9000 ...]
 */
import { parseArgs } from "node:util";
import { startMailStandIn } from "./mail-stand-in.mjs";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8025" },
    host: { type: "string", default: "127.0.0.1" },
    outbox: { type: "string", default: "mail-outbox/enquiries.jsonl" },
    origin: { type: "string", multiple: true, default: ["http://localhost:9000", "http://127.0.0.1:9000"] },
  },
});
const standIn = await startMailStandIn({
  port: Number(values.port),
  host: values.host,
  outbox: values.outbox,
  allowedOrigins: values.origin,
});
console.log(`Mail stand-in at ${standIn.url}; enquiries are appended to ${values.outbox}`);
