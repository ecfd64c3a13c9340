/**
 * A local stand-in for the mail service, so the enquiry form works end to end
 * without any outside service. It answers POST /api/v1/mail-sender like the
 * real service (CORS preflight and credentials for the site's origins
 * included) and appends each enquiry as one JSON line to an outbox file.
 *
 * It takes what a careless or hostile client may send: a body that is not
 * JSON is a 400, a body over the limit a 413 (read no further), a target that
 * is not a path a 400. Each enquiry is written once, in one piece, before the
 * answer, and nothing of it is kept in memory afterwards. Every request, the
 * preflights included, can be logged as a line of its own (`log`), which the
 * tests read.
 *
 * `npm start` runs it through startMailStandIn(), the browser tests through
 * createMailStandIn() behind their one test address, with a delay or a forced
 * status; `node scripts/mail-stand-in-cli.mjs` runs it alone.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { answerMalformedRequests, listen, requestPath } from "./http-basics.mjs";

export const MAIL_SENDER_PATH = "/api/v1/mail-sender";
/** A real enquiry is a few KB; the largest message the tests send is 10,000 characters. */
export const BODY_LIMIT_BYTES = 64 * 1024;

const securityHeaders = { "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" };

/**
 * Appends lines to a file one after another, each in one write, calling back once it is on disk.
 * @param {string} file
 */
function appender(file) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const stream = fs.createWriteStream(file, { flags: "a" });
  return {
    append: (record) =>
      new Promise((resolve, reject) =>
        stream.write(`${JSON.stringify(record)}\n`, (error) => (error ? reject(error) : resolve())),
      ),
    close: () => new Promise((resolve) => stream.end(resolve)),
  };
}

/**
 * The stand-in's answers, for a server to hand its requests to.
 * @param {object} [options]
 * @param {string} [options.outbox] JSON-lines file the enquiries are appended to.
 * @param {string} [options.log] JSON-lines file every request is noted in (method, origin, status).
 * @param {string[]} [options.allowedOrigins] Site origins allowed to post, with cookies.
 * @param {number} [options.delayMs] Wait before answering, to make "Sending...." observable.
 * @param {number} [options.status] Answer with this status instead of 200 (after recording the enquiry).
 */
export function createMailStandIn({
  outbox = "mail-outbox/enquiries.jsonl",
  log,
  allowedOrigins = ["http://localhost:9000", "http://127.0.0.1:9000"],
  delayMs = 0,
  status = 200,
} = {}) {
  const enquiries = appender(outbox);
  const requestLog = log ? appender(log) : undefined;

  async function handle(request, response) {
    const origin = request.headers.origin;
    const allowed = origin !== undefined && allowedOrigins.includes(origin);
    const cors = allowed
      ? { "Access-Control-Allow-Origin": origin, "Access-Control-Allow-Credentials": "true", Vary: "Origin" }
      : {};
    const respond = async (code, payload, extra = {}) => {
      await requestLog?.append({
        method: request.method,
        origin: origin ?? null,
        status: code,
        headers: request.headers,
      });
      const body = payload === undefined ? "" : JSON.stringify(payload);
      response.writeHead(code, {
        ...securityHeaders,
        ...cors,
        ...extra,
        ...(body && { "Content-Type": "application/json" }),
        "Content-Length": Buffer.byteLength(body),
      });
      response.end(body);
    };

    const urlPath = requestPath(request.url);
    if (urlPath === null) return respond(400, { error: "The request's target is not a path." });
    if (urlPath !== MAIL_SENDER_PATH) return respond(404, { error: "Not found" });
    if (request.method === "OPTIONS") {
      return respond(
        allowed ? 204 : 403,
        undefined,
        allowed
          ? {
              "Access-Control-Allow-Methods": "POST",
              "Access-Control-Allow-Headers": "Content-Type",
              "Access-Control-Max-Age": "600",
            }
          : {},
      );
    }
    if (request.method !== "POST")
      return respond(405, { error: "Only POST is answered here." }, { Allow: "POST, OPTIONS" });

    const tooLarge = () =>
      respond(413, { error: `The body is over ${BODY_LIMIT_BYTES} bytes.` }, { Connection: "close" });
    if (Number(request.headers["content-length"] ?? 0) > BODY_LIMIT_BYTES) {
      await tooLarge();
      request.destroy();
      return undefined;
    }
    const chunks = [];
    let received = 0;
    for await (const chunk of request) {
      received += chunk.length;
      if (received > BODY_LIMIT_BYTES) {
        await tooLarge();
        request.destroy();
        return undefined;
      }
      chunks.push(chunk);
    }

    let enquiry;
    try {
      enquiry = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return respond(400, { error: "The body must be JSON." });
    }
    await enquiries.append({ receivedAt: new Date().toISOString(), origin: origin ?? null, enquiry });
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return respond(status, status < 300 ? { ok: true } : { error: "Forced failure" });
  }

  return {
    /** Answers one request; never throws. */
    handle(request, response) {
      handle(request, response).catch(() => {
        if (!response.headersSent) response.writeHead(500, securityHeaders).end();
        else response.destroy();
      });
    },
    close: () => Promise.all([enquiries.close(), requestLog?.close()]).then(() => undefined),
  };
}

/**
 * Starts the stand-in on its own server and resolves once it listens.
 * @param {Parameters<typeof createMailStandIn>[0] & { port?: number, host?: string }} [options]
 *   port: 0 picks a free port; host: 127.0.0.1 unless told otherwise, as the stand-in is for this computer.
 */
export async function startMailStandIn({ port = 8025, host = "127.0.0.1", ...options } = {}) {
  const standIn = createMailStandIn(options);
  const server = http.createServer(standIn.handle);
  answerMalformedRequests(server, securityHeaders);
  const address = await listen(server, port, host);
  return {
    url: `${address.url}/api/v1`,
    port: address.port,
    close: async () => {
      await address.close();
      await standIn.close();
    },
  };
}
