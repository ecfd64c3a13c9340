/**
 * What the Worker's tests share: the site's origin as wrangler.jsonc allows it, a visitor's address of its own for
 * each request (the limits count by address), a request as the site's form makes it (its check beside it, as the page
 * makes one), and what the store holds.
 */
import { env, exports } from "cloudflare:workers";
import type { Enquiry } from "enquiry-contract/fields";
import { CHECK_HEADER } from "enquiry-contract/enquiry-check";
import { aCheck } from "enquiry-contract/example-check";
import { MAIL_SENDER_PATH } from "../src/core/http-api";
import type { IncomingEnquiry } from "../src/core/http-api";
import { enquiryStore } from "../src/store";

export { anEnquiry } from "enquiry-contract/example-enquiry";

/** The site's first origin in wrangler.jsonc: the one the site's pages post from. */
export const SITE = env.ALLOWED_ORIGINS.split(",")[0] ?? "";
/** The operator's token for the whole health report (vitest.config.mts). */
export const HEALTH_TOKEN = env.HEALTH_TOKEN;
export const SERVICE = "https://mail.test";

let visitors = 0;
/** An IPv6 address in a /64 no other request of this run uses. */
export function newVisitor(): string {
  visitors += 1;
  return `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${visitors.toString(16)}::1`;
}

export interface PostOptions {
  origin?: string | null;
  ip?: string;
  contentType?: string | null;
  method?: string;
  /** The check header's value: by default a person's (aCheck), fresh for each request; null sends none. */
  check?: string | null;
}

/** A request to the enquiry address as the site's form makes it, changed by `options`, answered by the Worker. */
export async function post(
  body: unknown,
  { origin = SITE, ip = newVisitor(), contentType = "application/json", method = "POST", check }: PostOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { "CF-Connecting-IP": ip };
  const checkHeader = check === undefined ? await aCheck() : check;
  if (checkHeader !== null) headers[CHECK_HEADER] = checkHeader;
  if (origin !== null) headers.Origin = origin;
  if (contentType !== null) headers["Content-Type"] = contentType;
  const sent =
    method === "GET" || method === "HEAD" ? undefined : typeof body === "string" ? body : JSON.stringify(body);
  return exports.default.fetch(new Request(`${SERVICE}${MAIL_SENDER_PATH}`, { method, headers, body: sent }));
}

/** How many enquiries the store holds, in any state. */
export async function storedCount(): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS stored FROM enquiries").first<{ stored: number }>();
  return row?.stored ?? 0;
}

/** An enquiry's row as the store holds it. */
export function rowOf(id: string) {
  return env.DB.prepare("SELECT * FROM enquiries WHERE id = ?").bind(id).first<{
    status: string;
    attempts: number;
    next_attempt_at: number;
    data_sent_at: number | null;
    delivered_at: number | null;
    last_error: string | null;
  }>();
}

/** Stores an enquiry as intake does, without queueing it: the test hands it to the handler it calls. */
export async function storeEnquiry(
  enquiry: Enquiry,
  { receivedAt = Date.now(), requeueAt = receivedAt + 60_000 }: { receivedAt?: number; requeueAt?: number } = {},
): Promise<string> {
  const incoming: IncomingEnquiry = {
    ...enquiry,
    id: crypto.randomUUID(),
    receivedAt,
    origin: SITE,
    page: `${SITE}/contact/`,
    fingerprint: crypto.randomUUID(),
    spamSignals: [],
    spamReasons: [],
    heldAsSpam: false,
    messageHash: null,
  };
  const { id } = await enquiryStore(env.DB).insert(incoming, {
    duplicateSince: null,
    requeueAt,
    industries: new Set(),
  });
  return id;
}
