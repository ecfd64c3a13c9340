/**
 * The cron's work besides the monthly report: the sweep, at the cron and again 20 seconds later, and the
 * counting of enquiries stored before the figures existed.
 */
import type { Settings } from "./core/settings";
import type { Delivery } from "./delivery-attempts";
import { dubaiMonth } from "./core/figures";
import { log } from "./log";
import { countEarlierEnquiries } from "./monthly-report";
import { refreshSiteIndustries, siteIndustries } from "./site-industries";
import { enquiryStore } from "./store";

/**
 * The sweep runs at the cron, every minute, and again this long after it within the same run (at most): the runtime
 * cancels what a cron's run left to waitUntil 30 seconds after the run ends, so the second sweep starts well before.
 */
const SECOND_SWEEP_MS = 20_000;
/** A queue batch holds at most 100 messages. */
const BATCH_LIMIT = 100;
const DAY = 24 * 60 * 60_000;

/** The sweep's cron: a sweep now, the figures' counting, and a second sweep 20 seconds on. */
export async function sweepAtCron(env: Env, settings: Settings, ctx: ExecutionContext, now: number): Promise<void> {
  await sweep(env, settings, { deleteExpired: true });
  // The site's industries (a failure to read them is logged inside), then the figures after the deliveries: a
  // failure here is logged and leaves the sweep's work done.
  await refreshSiteIndustries(env, settings, now).catch((error: unknown) =>
    log("error", "industries.error", { reason: String(error) }),
  );
  // The months before this one kept by month alone, as the privacy notice says: no day's count is left.
  await enquiryStore(env.DB)
    .rollUpMonthsBefore(dubaiMonth(now))
    .catch((error: unknown) => log("error", "figures.error", { reason: String(error) }));
  await countEarlierEnquiries(env, settings).catch((error: unknown) =>
    log("error", "figures.error", { reason: String(error) }),
  );
  // 20 seconds on, a second sweep: what a crash left behind is taken back within a minute, not two. Sooner where what
  // waits is due sooner (REQUEUE_AFTER_SECONDS set below 20 seconds): nothing waits longer than its pause.
  ctx.waitUntil(
    new Promise((resolve) => setTimeout(resolve, Math.min(SECOND_SWEEP_MS, settings.requeueAfterSeconds * 1000))).then(
      () => sweep(env, settings, { deleteExpired: false }),
    ),
  );
}

/**
 * Queues again what no delivery has taken in time (the queue lost it in a crash, a delivery was killed and its
 * hold ran out, the dead-letter queue gave it back), at most a minute's worth of deliveries (each delivery keeps
 * the provider's pace itself, so a second sweep within the minute queues no more than can go); and, once a
 * minute, releases the held enquiries the operator asked to deliver and deletes what the retention period is over
 * for.
 */
async function sweep(env: Env, settings: Settings, { deleteExpired }: { deleteExpired: boolean }): Promise<void> {
  const store = enquiryStore(env.DB);
  const now = Date.now();
  // Held enquiries the operator asked to deliver go as the digest's button sends them: released, counted, queued
  // with the rest below.
  const asked = deleteExpired ? await store.releasesAsked() : [];
  if (asked.length > 0) {
    const industries = new Set((await siteIndustries(env, settings)).keys());
    for (const id of asked)
      if (await store.releaseHeld(id, now, industries)) log("info", "enquiry.released", { id, by: "operator" });
  }
  let requeued = 0;
  while (requeued < settings.deliveryRatePerMinute) {
    const limit = Math.min(BATCH_LIMIT, settings.deliveryRatePerMinute - requeued);
    const ids = await store.takeOverdue(now, now + settings.requeueAfterSeconds * 1000, limit);
    if (ids.length === 0) break;
    await env.DELIVERIES.sendBatch(ids.map((id) => ({ body: { id } satisfies Delivery })));
    requeued += ids.length;
  }
  const deleted = deleteExpired ? await store.deleteExpired(now - settings.retentionDays * DAY) : 0;
  // What was held as possible spam and not reviewed in its time goes too, as the privacy notice says.
  const expired = deleteExpired ? await store.expireHeld(now - settings.spamRetentionDays * DAY) : 0;
  if (requeued > 0 || deleted > 0 || expired > 0) log("info", "sweep", { requeued, deleted, expired });
}
