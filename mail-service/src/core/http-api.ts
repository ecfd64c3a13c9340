/**
 * The service's HTTP API, as the site fixes it:
 * POST {base}/mail-sender with a JSON body of the six string fields, from the
 * site's own pages (CORS with credentials for its exact origins, preflight
 * included). A 2xx answer means the enquiry is stored for good; every other
 * answer stores nothing and says why:
 *
 *   403 another origin · 405 another method · 415 not application/json ·
 *   429 too many from one address · 413 too large · 400 not the six strings ·
 *   503 the service cannot store it now (settings or store).
 *
 * Written against the web's Request and Response only; the Worker passes in
 * where enquiries are stored and how addresses are limited.
 */
import { CHECK_HEADER } from "enquiry-contract/enquiry-check";
import { BODY_LIMIT_BYTES, fingerprint, readEnquiry, sendingPage } from "./enquiry";
import { assessEnquiry, isHeld, messageHash, reasonWords, type SpamReason, type SpamStore } from "./spam";
import type { Enquiry } from "enquiry-contract/fields";
import type { RefusalReason } from "./figures";
import type { Settings } from "./settings";

export const API_BASE = "/api/v1";
export const MAIL_SENDER_PATH = `${API_BASE}/mail-sender`;
export const HEALTH_PATH = `${API_BASE}/health`;

/**
 * What a visitor is counted by for the per-address limit: an IPv4 address whole, an IPv6 address by its /64, the
 * block one customer's line is given, so that one sender cannot pass as many by changing its last 64 bits.
 */
export function limitKey(address: string): string {
  if (!address.includes(":")) return address;
  const [head = "", tail] = address.toLowerCase().split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  // An IPv4 address written at the end (::ffff:192.0.2.1) takes two groups' room; only the first four count.
  const groups =
    tail === undefined ? front : [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill("0")];
  const prefix = [...groups, "0", "0", "0", "0"]
    .slice(0, 4)
    .map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? group.replace(/^0+(?=.)/, "") : "?"));
  return `${prefix.join(":")}::/64`;
}

/** An enquiry about to be stored, with what the service knows of it. */
export interface IncomingEnquiry extends Enquiry {
  id: string;
  receivedAt: number;
  origin: string;
  page: string | null;
  fingerprint: string;
  /** What the spam policy found (spam.ts), as the e-mail's subject mark says it, in English. */
  spamSignals: string[];
  spamReasons: SpamReason[];
  /** Held for the staff's review instead of delivered: its reasons reach the policy's weight. */
  heldAsSpam: boolean;
  messageHash: string | null;
}

export interface Intake {
  /** False once this address has sent more than its share. */
  withinLimit(address: string): Promise<boolean>;
  /**
   * Stores the enquiry durably and resolves with its id; when the same six
   * values arrived within the duplicate window, stores nothing and resolves
   * with the earlier one's id.
   */
  store(enquiry: IncomingEnquiry): Promise<{ id: string; duplicate: boolean }>;
  /** What the spam policy asks the store. */
  spam: SpamStore;
  /** Where a failure to store is written for the operator. */
  log(event: string, details: Record<string, unknown>): void;
  /**
   * A request from the site's origin refused (the monthly report counts them): too many, or not an enquiry. The
   * count is bounded (REFUSAL_LIMITER): a flood of refusals writes no more than that to the store.
   */
  refused(reason: RefusalReason): void;
}

const BASE_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  Vary: "Origin",
};

export function answer(status: number, body: object | null, headers: Record<string, string> = {}): Response {
  const { "Content-Type": _json, ...withoutBody } = BASE_HEADERS;
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { ...(body === null ? withoutBody : BASE_HEADERS), ...headers },
  });
}

/** The CORS headers for a request's origin: the exact origin with credentials when it is the site's, else none. */
function corsFor(origin: string | null, allowedOrigins: string[]): Record<string, string> {
  return origin !== null && allowedOrigins.includes(origin)
    ? { "Access-Control-Allow-Origin": origin, "Access-Control-Allow-Credentials": "true" }
    : {};
}

/** The body as UTF-8 text; "too large" past the limit (read no further); "not text" when it is not UTF-8. */
async function readBody(request: Request, limit: number): Promise<string | "too large" | "not text"> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) > limit) return "too large";
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return "too large";
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return "not text";
  }
}

function isJson(contentType: string | null): boolean {
  if (!contentType) return false;
  const [mediaType = "", ...parameters] = contentType.split(";").map((part) => part.trim().toLowerCase());
  const charset = parameters.find((parameter) => parameter.startsWith("charset="))?.slice("charset=".length);
  return mediaType === "application/json" && (charset === undefined || charset.replace(/"/g, "") === "utf-8");
}

/** Answers a request to MAIL_SENDER_PATH. */
export async function takeEnquiry(request: Request, settings: Settings, intake: Intake): Promise<Response> {
  const origin = request.headers.get("Origin");
  const cors = corsFor(origin, settings.allowedOrigins);
  const allowed = origin !== null && "Access-Control-Allow-Origin" in cors;

  if (request.method === "OPTIONS") {
    if (!allowed) return answer(403, { error: "Enquiries are taken from the site's own pages only." });
    return answer(204, null, {
      ...cors,
      "Access-Control-Allow-Methods": "POST",
      "Access-Control-Allow-Headers": `Content-Type, ${CHECK_HEADER}`,
      "Access-Control-Max-Age": "7200",
    });
  }
  if (request.method !== "POST")
    return answer(
      405,
      { error: "Only POST (and its CORS preflight) is answered here." },
      { ...cors, Allow: "POST, OPTIONS" },
    );
  if (!allowed) return answer(403, { error: "Enquiries are taken from the site's own pages only." });

  // The limit comes before anything is read or written: past it, a request costs the store nothing.
  const address = request.headers.get("CF-Connecting-IP") ?? "unknown";
  if (!(await intake.withinLimit(address))) {
    intake.refused("too-many");
    return answer(
      429,
      { error: "Too many enquiries from this address: try again in a minute." },
      {
        ...cors,
        "Retry-After": "60",
      },
    );
  }

  if (!isJson(request.headers.get("Content-Type"))) {
    intake.refused("invalid");
    return answer(415, { error: "The body must be sent as application/json in UTF-8." }, cors);
  }

  const body = await readBody(request, BODY_LIMIT_BYTES);
  const read: ReturnType<typeof readEnquiry> =
    body === "too large"
      ? { status: 413, error: `The body is over ${BODY_LIMIT_BYTES} bytes.` }
      : body === "not text"
        ? { status: 400, error: "The body is not UTF-8 text." }
        : readEnquiry(body);
  if ("error" in read) {
    intake.refused("invalid");
    return answer(read.status, { error: read.error }, cors);
  }

  const receivedAt = Date.now();
  const print = await fingerprint(read.enquiry);
  const hash = await messageHash(read.enquiry.message);
  // Held or delivered, the answer is the same: a robot learns nothing from it.
  const spamReasons = await assessEnquiry(
    read.enquiry,
    request.headers.get(CHECK_HEADER),
    { fingerprint: print, hash, receivedAt },
    intake.spam,
  );
  const incoming: IncomingEnquiry = {
    ...read.enquiry,
    id: crypto.randomUUID(),
    receivedAt,
    origin,
    page: sendingPage(request.headers.get("Referer"), origin),
    fingerprint: print,
    spamSignals: spamReasons.map((reason) => reasonWords(reason, "en")),
    spamReasons,
    heldAsSpam: isHeld(spamReasons),
    messageHash: hash,
  };
  try {
    const { id } = await intake.store(incoming);
    return answer(202, { id, status: "accepted" }, cors);
  } catch (error) {
    intake.log("enquiry.not-stored", { reason: error instanceof Error ? error.message : String(error) });
    return answer(503, { error: "The enquiry could not be stored, so it was not taken: try again shortly." }, cors);
  }
}
