/**
 * A local stand-in for the mail service, so the enquiry form works end to end
 * without any outside service. It answers POST /api/v1/mail-sender as the
 * documented service should: CORS with credentials for the site's origins,
 * and a POST from any other origin refused. Each enquiry is appended as one
 * JSON line to an outbox file.
 *
 * No enquiry is lost while the visitor is told it was sent: the answer is 200
 * only once the line is written and flushed to disk. Whatever goes wrong with
 * the outbox (a full disk, no permission, a folder in its place, its folder
 * deleted while running) is answered 500, logged with the path and the cause,
 * and the stand-in keeps serving. Only a JSON object holding the enquiry's
 * six string fields is an enquiry; a body over the limit is a 413, read no
 * further.
 *
 * `npm start` runs it through startMailStandIn(), the browser tests through
 * createMailStandIn() behind their one test address, with a delay or a forced
 * status.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { ENQUIRY_FIELDS } from "../src/lib/mail-service";
import { answerEveryRequest, listen, requestPath } from "./http-basics";

export const MAIL_SENDER_PATH = "/api/v1/mail-sender";
/** A real enquiry is a few KB; the largest message the tests send is 10,000 characters. */
export const BODY_LIMIT_BYTES = 64 * 1024;

const securityHeaders = { "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" };

export interface MailStandInOptions {
  /** JSON-lines file the enquiries are appended to. */
  outbox?: string;
  /** JSON-lines file every request is noted in (method, origin, status, headers), for the tests. */
  log?: string;
  /** Site origins allowed to post, with cookies. */
  allowedOrigins?: string[];
  /** Wait before answering, to make "Sending...." observable. */
  delayMs?: number;
  /** Answer with this status instead of 200 (after recording the enquiry). */
  status?: number;
}

/**
 * Appends one line and flushes it to disk before resolving. The file is
 * opened for each line, so a deleted folder is an error, not a write into a
 * file nobody can find.
 */
async function appendDurably(file: string, record: unknown): Promise<void> {
  const handle = await fs.promises.open(file, "a");
  try {
    await handle.appendFile(`${JSON.stringify(record)}\n`);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/** The enquiry in a parsed body, or what is wrong with it. */
function readEnquiry(body: unknown): { enquiry: Record<string, string> } | { problem: string } {
  const expected = `a JSON object with the string fields ${ENQUIRY_FIELDS.join(", ")}`;
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return { problem: `The body must be ${expected}.` };
  const keys = Object.keys(body);
  const wrong =
    keys.length !== ENQUIRY_FIELDS.length ||
    ENQUIRY_FIELDS.some((field) => typeof (body as Record<string, unknown>)[field] !== "string");
  return wrong
    ? { problem: `The body must be ${expected}, and nothing else.` }
    : { enquiry: body as Record<string, string> };
}

/** The stand-in's answers, for a server to hand its requests to. */
export function createMailStandIn({
  outbox = "mail-outbox/enquiries.jsonl",
  log,
  allowedOrigins = ["http://localhost:9000", "http://127.0.0.1:9000"],
  delayMs = 0,
  status = 200,
}: MailStandInOptions = {}) {
  try {
    fs.mkdirSync(path.dirname(path.resolve(outbox)), { recursive: true });
    if (fs.statSync(outbox, { throwIfNoEntry: false })?.isDirectory()) {
      console.error(
        `Mail stand-in: the outbox ${outbox} is a folder; every enquiry will be refused until it is a file.`,
      );
    }
  } catch (error) {
    console.error(`Mail stand-in: the outbox's folder for ${outbox} cannot be made: ${(error as Error).message}`);
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const origin = request.headers.origin;
    const allowed = origin !== undefined && allowedOrigins.includes(origin);
    const cors: Record<string, string> = allowed
      ? { "Access-Control-Allow-Origin": origin, "Access-Control-Allow-Credentials": "true", Vary: "Origin" }
      : {};
    const respond = async (code: number, payload?: object, extra: Record<string, string> = {}) => {
      if (log)
        await appendDurably(log, {
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
      if (!allowed) return respond(403);
      return respond(204, undefined, {
        "Access-Control-Allow-Methods": "POST",
        "Access-Control-Allow-Headers": "Content-Type",
        "Access-Control-Max-Age": "600",
      });
    }
    if (request.method !== "POST")
      return respond(405, { error: "Only POST is answered here." }, { Allow: "POST, OPTIONS" });
    if (!allowed) {
      request.resume();
      return respond(403, { error: "Enquiries are taken from the site's own pages only." }, { Connection: "close" });
    }
    if (!/^application\/json\b/i.test(request.headers["content-type"] ?? "")) {
      request.resume();
      return respond(415, { error: "The body must be sent as application/json." });
    }

    const tooLarge = async () => {
      await respond(413, { error: `The body is over ${BODY_LIMIT_BYTES} bytes.` }, { Connection: "close" });
      request.destroy();
    };
    if (Number(request.headers["content-length"] ?? 0) > BODY_LIMIT_BYTES) return tooLarge();
    const chunks: Buffer[] = [];
    let received = 0;
    for await (const chunk of request) {
      received += (chunk as Buffer).length;
      if (received > BODY_LIMIT_BYTES) return tooLarge();
      chunks.push(chunk as Buffer);
    }

    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return respond(400, { error: "The body must be JSON." });
    }
    const read = readEnquiry(parsed);
    if ("problem" in read) return respond(400, { error: read.problem });
    try {
      await appendDurably(outbox, { receivedAt: new Date().toISOString(), origin, enquiry: read.enquiry });
    } catch (error) {
      console.error(`Mail stand-in: an enquiry could not be written to ${outbox}: ${(error as Error).message}`);
      return respond(500, { error: "The enquiry could not be recorded." });
    }
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return respond(status, status < 300 ? { ok: true } : { error: "Forced failure" });
  }

  return {
    /** Answers one request; never throws. */
    handle(request: http.IncomingMessage, response: http.ServerResponse) {
      handle(request, response).catch((error: Error) => {
        console.error(`Mail stand-in: ${error.message}`);
        if (!response.headersSent) response.writeHead(500, securityHeaders).end();
        else response.destroy();
      });
    },
  };
}

/**
 * Starts the stand-in on its own server and resolves once it listens: on
 * 127.0.0.1 unless told otherwise, as it is for this computer; port 0 takes a
 * free port.
 */
export async function startMailStandIn({
  port = 8025,
  host = "127.0.0.1",
  ...options
}: MailStandInOptions & { port?: number; host?: string } = {}) {
  const standIn = createMailStandIn(options);
  const server = http.createServer(standIn.handle);
  answerEveryRequest(server, securityHeaders);
  const address = await listen(server, port, host);
  return { url: `${address.url}/api/v1`, port: address.port, close: address.close };
}
