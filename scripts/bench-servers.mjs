#!/usr/bin/env node
/**
 * `npm run bench:servers`: load figures of the local servers. The static
 * server serves the built site (run `npm run build` first) to 200 concurrent
 * clients; the mail stand-in takes enquiries from 200 concurrent clients, and
 * afterwards every enquiry it accepted must be in its outbox exactly once.
 * Each server runs in a process of its own, so the load generator
 * (autocannon) does not share its CPU time. The pages run for a time; the
 * enquiries are a fixed number, so that every one sent is answered and can
 * be counted in the outbox.
 *
 *   node scripts/bench-servers.mjs [--seconds 10] [--connections 200] [--enquiries 100000]
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "200" },
    enquiries: { type: "string", default: "100000" },
  },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);

if (!fs.existsSync(path.resolve("public", "index.html"))) {
  console.error("There is no built site to serve: run `npm run build` first.");
  process.exit(1);
}

/** Starts a server in a child process from a module's start function; resolves with its port and a stop(). */
async function serverProcess(modulePath, startCall) {
  const code = `const m = await import(${JSON.stringify(path.resolve(modulePath))}); const s = await m.${startCall}; process.stdout.write(String(s.port) + "\\n");`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once("data", (chunk) => resolve(Number(String(chunk).trim())));
    child.once("exit", (status) => reject(new Error(`${modulePath} stopped with status ${status}`)));
  });
  return { port, stop: () => new Promise((resolve) => (child.once("exit", resolve), child.kill())) };
}

const run = (options) => autocannon({ duration, connections, ...options });

const site = await serverProcess("scripts/static-server.mjs", `startStaticServer({ root: "public", port: 0 })`);
const pages = await run({
  url: `http://127.0.0.1:${site.port}`,
  requests: ["/", "/about", "/service", "/contact"].map((page) => ({ method: "GET", path: page })),
  headers: { "accept-encoding": "gzip" },
});
await site.stop();

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "bench-mail-"));
const outbox = path.join(folder, "enquiries.jsonl");
const origin = "http://127.0.0.1:9000";
const mail = await serverProcess(
  "scripts/mail-stand-in.mjs",
  `startMailStandIn({ port: 0, outbox: ${JSON.stringify(outbox)}, allowedOrigins: [${JSON.stringify(origin)}] })`,
);
const enquiries = await autocannon({
  connections,
  amount: Number(values.enquiries),
  url: `http://127.0.0.1:${mail.port}/api/v1/mail-sender`,
  method: "POST",
  headers: { "content-type": "application/json", origin },
  body: JSON.stringify({
    industry: "Retail",
    name: "Load Test",
    phone: "+971 50 000 0000",
    companyName: "Bench LLC",
    email: "bench@example.com",
    message: "A typical enquiry of a few hundred characters. ".repeat(6),
  }),
});
await mail.stop();
const recorded = fs.readFileSync(outbox, "utf8").split("\n").filter(Boolean);
const whole = recorded.filter((line) => {
  try {
    return JSON.parse(line).enquiry.name === "Load Test";
  } catch {
    return false;
  }
});
fs.rmSync(folder, { recursive: true, force: true });

const row = (name, result, unit) =>
  `| ${name} | ${connections} | ${Math.round(result.requests.average)} ${unit}/s | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result.errors + result.timeouts} | ${result.non2xx} |`;
console.log(
  `\nOn ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "unknown"}): pages for ${duration} s, ${values.enquiries} enquiries.\n`,
);
console.log("| Server | Concurrent clients | Throughput | p50 latency | p99 latency | Errors | Non-2xx |");
console.log("|---|---|---|---|---|---|---|");
console.log(row("static server (pages, gzip)", pages, "requests"));
console.log(row("mail stand-in (enquiries)", enquiries, "enquiries"));
console.log(
  `\nEnquiries answered 2xx: ${enquiries["2xx"]}; in the outbox: ${recorded.length}, each whole: ${whole.length === recorded.length}.`,
);
if (recorded.length !== enquiries["2xx"] || whole.length !== recorded.length) {
  console.error("Enquiries were lost or damaged.");
  process.exit(1);
}
