#!/usr/bin/env node
/**
 * A local stand-in for the mail service, so the enquiry form works end to end
 * without any outside service. It answers POST /api/v1/mail-sender like the
 * real service (CORS preflight and credentials for the site's origins
 * included), appends each enquiry as one JSON line to an outbox file, and
 * answers 400 to a body that is not JSON.
 *
 *   node scripts/mail-stand-in.mjs [--port 8025] [--outbox mail-outbox/enquiries.jsonl]
 *                                  [--origin http://localhost:9000 ...]
 *
 * Tests start it through startMailStandIn() with a delay or a forced status.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";

export const MAIL_SENDER_PATH = "/api/v1/mail-sender";

/**
 * @param {object} [options]
 * @param {number} [options.port] 0 picks a free port.
 * @param {string} [options.host]
 * @param {string} [options.outbox] JSON-lines file the enquiries are appended to.
 * @param {string[]} [options.allowedOrigins] Site origins allowed to post, with cookies.
 * @param {number} [options.delayMs] Wait before answering, to make "Sending...." observable.
 * @param {number} [options.status] Answer with this status instead of 200 (after recording the enquiry).
 */
export function startMailStandIn({
  port = 8025,
  host = "127.0.0.1",
  outbox = "mail-outbox/enquiries.jsonl",
  allowedOrigins = ["http://localhost:9000", "http://127.0.0.1:9000"],
  delayMs = 0,
  status = 200,
} = {}) {
  /** Every request to the mail-sender path, preflights included, for tests to inspect. */
  const requests = [];

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const origin = request.headers.origin;
    const allowed = origin !== undefined && allowedOrigins.includes(origin);
    const cors = allowed
      ? { "Access-Control-Allow-Origin": origin, "Access-Control-Allow-Credentials": "true", Vary: "Origin" }
      : {};

    if (url.pathname !== MAIL_SENDER_PATH) {
      response.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ error: "Not found" }));
      return;
    }

    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      requests.push({ method: request.method, headers: request.headers, body });

      if (request.method === "OPTIONS") {
        response
          .writeHead(allowed ? 204 : 403, {
            ...cors,
            ...(allowed && {
              "Access-Control-Allow-Methods": "POST",
              "Access-Control-Allow-Headers": "Content-Type",
              "Access-Control-Max-Age": "600",
            }),
          })
          .end();
        return;
      }
      if (request.method !== "POST") {
        response.writeHead(405, { ...cors, Allow: "POST, OPTIONS" }).end();
        return;
      }

      let enquiry;
      try {
        enquiry = JSON.parse(body);
      } catch {
        respond(response, 400, cors, { error: "The body must be JSON." });
        return;
      }
      fs.mkdirSync(path.dirname(path.resolve(outbox)), { recursive: true });
      fs.appendFileSync(
        outbox,
        `${JSON.stringify({ receivedAt: new Date().toISOString(), origin: origin ?? null, enquiry })}\n`,
      );
      setTimeout(
        () => respond(response, status, cors, status < 300 ? { ok: true } : { error: "Forced failure" }),
        delayMs,
      );
    });
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const { port: actualPort } = server.address();
      resolve({
        url: `http://${host}:${actualPort}/api/v1`,
        requests,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

function respond(response, status, cors, payload) {
  response.writeHead(status, { ...cors, "Content-Type": "application/json" }).end(JSON.stringify(payload));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "8025" },
      outbox: { type: "string", default: "mail-outbox/enquiries.jsonl" },
      origin: { type: "string", multiple: true, default: ["http://localhost:9000", "http://127.0.0.1:9000"] },
    },
  });
  const standIn = await startMailStandIn({
    port: Number(values.port),
    outbox: values.outbox,
    allowedOrigins: values.origin,
  });
  console.log(`Mail stand-in at ${standIn.url}; enquiries are appended to ${values.outbox}`);
}
