/**
 * An enquiry posted to the mail-sender path: the contract's checks (core/http-api.ts) with Cloudflare's parts
 * behind them: the per-address rate limiter, the store (counting it for the monthly report in the same write),
 * and the queue its delivery starts from.
 */
import { answer, limitKey, takeEnquiry } from "./core/http-api";
import type { Settings } from "./core/settings";
import type { Delivery } from "./delivery-attempts";
import { log } from "./log";
import { siteIndustries } from "./site-industries";
import { enquiryStore } from "./store";

/**
 * A new enquiry is queued as it is stored, and the queue usually delivers it within a second or two. One still
 * waiting past this may have lost its queue message in a crash: the next sweep queues it again (a second message
 * for an enquiry being delivered finds it taken, and does nothing).
 */
const FIRST_SWEEP_AFTER_MS = 5_000;
const MINUTE = 60_000;

export const notConfigured = () =>
  answer(503, { error: "The mail service is not configured; its operator has been told why." });

export async function receiveEnquiry(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  settings: Settings,
): Promise<Response> {
  const store = enquiryStore(env.DB);
  return takeEnquiry(request, settings, {
    withinLimit: async (address) => (await env.ENQUIRY_LIMITER.limit({ key: limitKey(address) })).success,
    spam: store,
    store: async (enquiry) => {
      const stored = await store.insert(enquiry, {
        industries: new Set((await siteIndustries(env, settings)).keys()),
        duplicateSince:
          settings.duplicateWindowMinutes > 0 ? enquiry.receivedAt - settings.duplicateWindowMinutes * MINUTE : null,
        requeueAt: enquiry.receivedAt + Math.min(FIRST_SWEEP_AFTER_MS, settings.requeueAfterSeconds * 1000),
      });
      log("info", stored.duplicate ? "enquiry.duplicate" : "enquiry.stored", { id: stored.id });
      if (stored.duplicate) return { id: stored.id, duplicate: true };
      if (enquiry.heldAsSpam) {
        // Kept for the staff's review (the daily digest), never queued: the reasons' codes name no visitor.
        log("info", "enquiry.held", { id: stored.id, reasons: enquiry.spamReasons.map(({ code }) => code) });
        return stored;
      }
      // Past the whole service's limit, it is stored and answered all the same, and the sweep queues it at the
      // provider's pace. The answer never waits for the queue: a send that fails is logged and swept.
      if (stored.placeInMinute <= settings.serviceLimitPerMinute)
        ctx.waitUntil(
          env.DELIVERIES.send({ id: stored.id } satisfies Delivery).catch((error: unknown) =>
            log("error", "queue.send-failed", {
              id: stored.id,
              reason: String(error),
              todo: "The enquiry is stored; the sweep queues it within REQUEUE_AFTER_SECONDS.",
            }),
          ),
        );
      return stored;
    },
    log: (event, details) => log("error", event, details),
    // At most REFUSAL_LIMITER's count a minute, for the whole service: past it, a refusal is not counted, and the
    // report's figures for them are at least what they say.
    refused: (reason) =>
      ctx.waitUntil(
        env.REFUSAL_LIMITER.limit({ key: "refusals" })
          .then(({ success }) => (success ? store.countRefused(reason, Date.now()) : undefined))
          .catch((error: unknown) => log("error", "figures.not-counted", { reason: String(error) })),
      ),
  });
}
