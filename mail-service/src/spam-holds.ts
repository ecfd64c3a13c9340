/**
 * What becomes of an enquiry the spam policy held (core/spam.ts): the daily digest to the sales address
 * (core/digest.ts), at DIGEST_CRON or when the operator asks (POST /api/v1/digest with the health token); the
 * review page of its link, whose button delivers it once (core/review.ts); and, at the sweep, its erasure once
 * SPAM_RETENTION_DAYS are over.
 */
import { composeDigestEmail, DIGEST_PATH } from "./core/digest";
import { dubaiDay } from "./core/figures";
import { answer, limitKey } from "./core/http-api";
import { HELD_PATH, readReviewLink, reviewLink, reviewPage } from "./core/review";
import type { Settings } from "./core/settings";
import { reasonWords } from "./core/spam";
import { receivedInDubai } from "./core/message";
import type { Delivery } from "./delivery-attempts";
import { log } from "./log";
import { siteIndustries } from "./site-industries";
import { enquiryStore } from "./store";
import { transportFor } from "./transports";

const DAY = 24 * 60 * 60 * 1000;
export { DIGEST_PATH, HELD_PATH };

/** When a held enquiry's hold ends (and so does its link): SPAM_RETENTION_DAYS after it arrived. */
const holdEnds = (receivedAt: number, settings: Settings) => receivedAt + settings.spamRetentionDays * DAY;

/**
 * Sends the digest of the enquiries held since the last one (all that are held with `all`), when there is any;
 * resolves with how many it listed.
 */
export async function sendSpamDigest(env: Env, settings: Settings, now: number, { all = false } = {}): Promise<number> {
  const store = enquiryStore(env.DB);
  const held = await store.heldAsSpam({ unlisted: !all });
  if (held.length === 0) return 0;
  const { reviewKey, serviceUrl } = settings;
  const items = await Promise.all(
    held.map(async (enquiry) => ({
      enquiry,
      reasons: enquiry.spamReasons,
      link:
        reviewKey && serviceUrl
          ? await reviewLink(serviceUrl, enquiry.id, holdEnds(enquiry.receivedAt, settings), reviewKey)
          : null,
    })),
  );
  await transportFor(settings, env).send(await composeDigestEmail(items, dubaiDay(now), settings));
  await store.markListed(
    held.map(({ id }) => id),
    now,
  );
  log("info", "digest.sent", { held: held.length });
  return held.length;
}

/** The digest at its cron: a failure is logged, and the next day's lists what this one could not. */
export async function digestAtCron(env: Env, settings: Settings, now: number): Promise<void> {
  await sendSpamDigest(env, settings, now).catch((error: unknown) =>
    log("error", "digest.failed", {
      reason: String(error),
      todo: "The digest of held enquiries could not be sent; tomorrow's lists them. `npm run mail:operator -- spam` lists them now.",
    }),
  );
}

/** POST /api/v1/digest, for the operator's `digest` command: the health token only. */
export async function digestOnRequest(request: Request, env: Env, settings: Settings): Promise<Response> {
  if (request.method !== "POST") return answer(405, { error: "Only POST is answered here." }, { Allow: "POST" });
  const given = request.headers.get("Authorization") ?? "";
  const digest = async (text: string) => crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  const token = settings.healthToken;
  if (!token || !crypto.subtle.timingSafeEqual(await digest(given), await digest(`Bearer ${token}`)))
    return answer(403, { error: "The operator's health token is needed here." });
  const all = new URL(request.url).searchParams.get("all") === "1";
  try {
    return answer(200, { listed: await sendSpamDigest(env, settings, Date.now(), { all }) });
  } catch (error) {
    log("error", "digest.failed", { reason: String(error) });
    return answer(503, { error: "The digest could not be sent: see the service's log." });
  }
}

/**
 * GET and POST /api/v1/held/<id>?until=…&sig=…: the review page, and its button. A scanner's GET changes nothing;
 * the POST delivers the enquiry once, however often it is sent.
 */
export async function reviewOnRequest(request: Request, env: Env, ctx: ExecutionContext, settings: Settings) {
  const url = new URL(request.url);
  const action = `${url.pathname}${url.search}`;
  if (!["GET", "HEAD", "POST"].includes(request.method))
    return answer(405, { error: "Only GET and POST are answered here." }, { Allow: "GET, POST" });
  const address = request.headers.get("CF-Connecting-IP") ?? "unknown";
  if (!(await env.HEALTH_LIMITER.limit({ key: limitKey(address) })).success)
    return answer(429, null, { "Retry-After": "60" });
  const now = Date.now();
  const link = await readReviewLink(url, settings.reviewKey, now);
  if (link === "not-ours") return reviewPage({ kind: "not-ours" }, action);
  if (link === "expired") return reviewPage({ kind: "expired", days: settings.spamRetentionDays }, action);
  const store = enquiryStore(env.DB);
  if (request.method === "POST") {
    const industries = new Set((await siteIndustries(env, settings)).keys());
    if (await store.releaseHeld(link.id, now, industries)) {
      ctx.waitUntil(
        env.DELIVERIES.send({ id: link.id } satisfies Delivery).catch((error: unknown) =>
          log("error", "queue.send-failed", { id: link.id, reason: String(error), todo: "The sweep queues it." }),
        ),
      );
      log("info", "enquiry.released", { id: link.id });
      return reviewPage({ kind: "delivered" }, action);
    }
    return reviewPage({ kind: (await store.wasReviewed(link.id)) ? "already" : "gone" }, action);
  }
  const held = await store.heldOne(link.id);
  if (!held) return reviewPage({ kind: (await store.wasReviewed(link.id)) ? "already" : "gone" }, action);
  return reviewPage(
    {
      kind: "held",
      when: receivedInDubai(held.receivedAt),
      name: held.name,
      firstWords: held.message.replace(/\s+/g, " ").trim().slice(0, 300),
      reasons: {
        en: held.spamReasons.map((reason) => reasonWords(reason, "en")),
        ar: held.spamReasons.map((reason) => reasonWords(reason, "ar")),
      },
    },
    action,
  );
}
