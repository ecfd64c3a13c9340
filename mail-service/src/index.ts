/**
 * The mail service as a Cloudflare Worker: the wiring of the core (core/) to
 * Cloudflare's parts. A plain module Worker, not Hono: it answers two paths,
 * and the contract's checks are the core's, written against Request and
 * Response.
 *
 * - fetch: POST /api/v1/mail-sender stores the enquiry in D1, answers 202 and
 *   queues its delivery (past the whole service's limit a minute, the sweep
 *   queues it instead, at the provider's pace); GET /api/v1/health answers
 *   200 or 503 from the store, and the whole report to the operator's token.
 * - queue: delivers each queued enquiry once, at most DELIVERY_RATE_PER_MINUTE
 *   a minute, retrying with growing pauses; the dead-letter queue hands back
 *   what the queue gave up on.
 * - scheduled (cron, every minute): queues again what no delivery has taken
 *   in time (swept twice a minute: at the cron, and half a minute later),
 *   deletes delivered and refused enquiries after the retention period;
 *   on the 1st, REPORT_CRON e-mails the monthly report (monthly-report.ts).
 */
import { HEALTH_PATH, MAIL_SENDER_PATH, answer, limitKey, takeEnquiry } from "./core/http-api";
import { classifyFailure, retryDelaySeconds } from "./core/delivery";
import { composeEmail } from "./core/message";
import { SettingsError, readSettings, type Settings } from "./core/settings";
import { enquiryStore, type EnquiryStore } from "./store";
import { AttemptStopped, transportFor } from "./transports";
import { log } from "./log";
import { REPORT_CRON } from "./core/report";
import { countEarlierEnquiries, sendMonthlyReport } from "./monthly-report";

interface Delivery {
  id: string;
}

/**
 * How long a delivery holds its enquiry without saying it is still at work: it renews the hold every
 * HEARTBEAT_MS while its conversation lasts, so a delivery killed mid-way lets go within this, and a sweep (every
 * half minute) queues the enquiry again: within a minute of the kill.
 */
const LEASE_MS = 20_000;
const HEARTBEAT_MS = 5_000;
/** The sweep runs at the cron, every minute, and again this long after it within the same run. */
const SECOND_SWEEP_MS = 30_000;
/**
 * A new enquiry is queued as it is stored, and the queue usually delivers it within a second or two. One still
 * waiting past this may have lost its queue message in a crash: the next sweep queues it again (a second message
 * for an enquiry being delivered finds it taken, and does nothing).
 */
const FIRST_SWEEP_AFTER_MS = 5_000;
/** Workers keep six connections open at once per invocation; one is left for the store. */
const DELIVERIES_AT_ONCE = 5;
/** Dead letters are named after their queue with this ending (wrangler.jsonc). */
const DEAD_LETTER_SUFFIX = "-dlq";
/** A queue batch holds at most 100 messages. */
const BATCH_LIMIT = 100;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function settingsOf(env: Env): Settings | SettingsError {
  try {
    return readSettings(env as unknown as Record<string, unknown>);
  } catch (error) {
    if (error instanceof SettingsError) {
      log("error", "settings.invalid", { problems: error.problems });
      return error;
    }
    throw error;
  }
}

const notConfigured = () =>
  answer(503, { error: "The mail service is not configured; its operator has been told why." });

/** Lets `work` take each item, at most `limit` at a time. */
async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function deliver(message: Message<Delivery>, env: Env, settings: Settings): Promise<void> {
  const store = enquiryStore(env.DB);
  const { id } = message.body;
  const now = Date.now();
  const enquiry = await store.claim(id, now, now + LEASE_MS, settings.deliveryRatePerMinute);
  if (enquiry === "paced") {
    // The provider's pace: past its limit a minute, the enquiry waits for the sweep a minute on, its attempt unspent.
    await store.defer(id, now + MINUTE);
    message.ack();
    return;
  }
  if (!enquiry) {
    // Delivered, failed or erased already (a second copy of the message), or held by a delivery under way.
    message.ack();
    return;
  }
  const email = await composeEmail(enquiry, settings);
  if (enquiry.dataSentAt !== null)
    log("warn", "enquiry.possible-duplicate", {
      id,
      messageId: email.messageId,
      todo: "An earlier attempt sent this e-mail (or was about to) and no answer came: it is sent again with the same Message-ID, which most mail programs show once.",
    });
  const heartbeat = setInterval(() => {
    store.renewLease(id, Date.now() + LEASE_MS).catch(() => undefined);
  }, HEARTBEAT_MS);
  /** When this attempt recorded that its message was about to go, if it did. */
  let markedAt: number | undefined;
  try {
    await transportFor(settings, env).send(email, {
      // Recorded before the message goes, never after: a crash at any point leaves an attempt that may have sent
      // it marked so, and the next one is logged as a possible duplicate. An erased enquiry is not sent at all.
      beforeMessage: async () => {
        const at = Date.now();
        if (!(await store.markDataSent(id, at))) return false;
        markedAt = at;
        return true;
      },
      messageSent: () => log("info", "enquiry.awaiting-answer", { id }),
    });
  } catch (error) {
    if (error instanceof AttemptStopped) {
      // Erased by the operator (a visitor's request) while queued or being delivered: nothing went, nothing to log.
      log("info", "delivery.stopped", { reason: "The enquiry was erased before its message was sent." });
      message.ack();
      return;
    }
    if (markedAt !== undefined && (error as { messageStarted?: unknown }).messageStarted === false) {
      await store.clearDataSent(id, markedAt);
    }
    await failed(message, store, settings, enquiry.attempts, classifyFailure(error));
    return;
  } finally {
    clearInterval(heartbeat);
  }
  const { found, blocked } = await store.markDelivered(id, Date.now());
  // An enquiry erased while its message was on its way: the operator was told then; nothing is logged of it now.
  if (found) log("info", "enquiry.delivered", { id, attempt: enquiry.attempts });
  if (blocked) log("info", "delivery.resumed", { blockedSince: new Date(blocked.since).toISOString() });
  message.ack();
}

/** What follows a failed attempt: kept as failed when the message itself was refused, else tried again later. */
async function failed(
  message: Message<Delivery>,
  store: EnquiryStore,
  settings: Settings,
  attempts: number,
  failure: ReturnType<typeof classifyFailure>,
): Promise<void> {
  const { id } = message.body;
  const now = Date.now();
  if (failure.kind === "refused") {
    if (!(await store.markFailed(id, failure.reason))) {
      message.ack();
      return;
    }
    await store.setState("last_delivery_error", JSON.stringify({ id, reason: failure.reason }), now);
    log("error", "enquiry.failed", {
      id,
      reason: failure.reason,
      todo: "The mail server refused this e-mail for good. See `npm run mail:operator -- list`, mend the cause, then deliver it again.",
    });
    message.ack();
    return;
  }
  // A setting holds every delivery back: the operator hears of it once, and again when it is mended.
  if (failure.kind === "settings" && (await store.openState("delivery_blocked", failure.reason, now)))
    log("error", "delivery.blocked", {
      reason: failure.reason,
      todo: "The mail server refuses the service's own sender, the sales address or its sign-in. Mend the setting (docs/mail-service.md): every waiting enquiry is then delivered by itself.",
    });
  const delay = retryDelaySeconds(attempts, settings);
  if (!(await store.markWaiting(id, failure.reason, now + delay * 1000 + settings.requeueAfterSeconds * 1000))) {
    // Erased meanwhile: nothing to try again, and nothing to log against an id that is gone.
    message.ack();
    return;
  }
  await store.setState("last_delivery_error", JSON.stringify({ id, reason: failure.reason }), now);
  log("warn", "enquiry.retry", {
    id,
    attempt: attempts,
    inSeconds: delay,
    reason: failure.reason,
    ...(failure.maybeDelivered && { possibleDuplicate: true }),
  });
  message.retry({ delaySeconds: delay });
}

/** The queue gave up on these after its retries: they wait for the sweep, and the operator hears of them. */
async function takeBackDeadLetters(batch: MessageBatch<Delivery>, env: Env, settings: Settings): Promise<void> {
  const store = enquiryStore(env.DB);
  for (const message of batch.messages) {
    await store.markWaiting(
      message.body.id,
      "The queue's retries ran out; the sweep queues it again.",
      Date.now() + settings.retryMaxSeconds * 1000,
    );
    log("error", "enquiry.undelivered", {
      id: message.body.id,
      todo: "Still not delivered after the queue's retries: check the mail settings and /api/v1/health. It is tried again every RETRY_MAX_SECONDS.",
    });
    message.ack();
  }
}

export default {
  async fetch(request, env, ctx): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === MAIL_SENDER_PATH) {
      const settings = settingsOf(env);
      if (settings instanceof SettingsError) return notConfigured();
      const store = enquiryStore(env.DB);
      return takeEnquiry(request, settings, {
        withinLimit: async (address) => (await env.ENQUIRY_LIMITER.limit({ key: limitKey(address) })).success,
        store: async (enquiry) => {
          const stored = await store.insert(enquiry, {
            industries: new Set(settings.industries.keys()),
            duplicateSince:
              settings.duplicateWindowMinutes > 0
                ? enquiry.receivedAt - settings.duplicateWindowMinutes * MINUTE
                : null,
            requeueAt: enquiry.receivedAt + Math.min(FIRST_SWEEP_AFTER_MS, settings.requeueAfterSeconds * 1000),
          });
          log("info", stored.duplicate ? "enquiry.duplicate" : "enquiry.stored", { id: stored.id });
          if (stored.duplicate) return { id: stored.id, duplicate: true };
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
        refused: (reason) =>
          ctx.waitUntil(
            store
              .countRefused(reason, Date.now())
              .catch((error: unknown) => log("error", "figures.not-counted", { reason: String(error) })),
          ),
      });
    }
    if (pathname === HEALTH_PATH) {
      if (request.method !== "GET" && request.method !== "HEAD")
        return answer(405, { error: "Only GET is answered here." }, { Allow: "GET, HEAD" });
      const address = request.headers.get("CF-Connecting-IP") ?? "unknown";
      if (!(await env.HEALTH_LIMITER.limit({ key: limitKey(address) })).success)
        return answer(429, null, { "Retry-After": "60" });
      return health(request, env);
    }
    return answer(404, { error: "Not found." });
  },

  async queue(batch, env): Promise<void> {
    const settings = settingsOf(env);
    if (settings instanceof SettingsError) {
      // Nothing is lost: the messages come back after the pause, and the sweep holds the enquiries anyway.
      batch.retryAll({ delaySeconds: 300 });
      return;
    }
    if (batch.queue.endsWith(DEAD_LETTER_SUFFIX)) {
      await takeBackDeadLetters(batch, env, settings);
      return;
    }
    await eachAtMost(batch.messages, DELIVERIES_AT_ONCE, (message) =>
      deliver(message, env, settings).catch((error: unknown) => {
        // The store failed around a delivery: try the message again; a held enquiry is let go when its hold ends.
        log("error", "delivery.error", { id: message.body.id, reason: String(error) });
        message.retry();
      }),
    );
  },

  async scheduled(controller, env, ctx): Promise<void> {
    const settings = settingsOf(env);
    if (settings instanceof SettingsError) return;
    if (controller.cron === REPORT_CRON) {
      await sendMonthlyReport(env, settings, controller.scheduledTime);
      return;
    }
    await sweep(env, settings, { deleteExpired: true });
    // The figures after the deliveries: a failure here is logged and leaves the sweep's work done.
    await countEarlierEnquiries(env, settings).catch((error: unknown) =>
      log("error", "figures.error", { reason: String(error) }),
    );
    // Half a minute on, a second sweep: what a crash left behind is taken back within a minute, not two.
    ctx.waitUntil(
      new Promise((resolve) => setTimeout(resolve, SECOND_SWEEP_MS)).then(() =>
        sweep(env, settings, { deleteExpired: false }),
      ),
    );
  },
} satisfies ExportedHandler<Env, Delivery>;

/**
 * Queues again what no delivery has taken in time (the queue lost it in a crash, a delivery was killed and its
 * hold ran out, the dead-letter queue gave it back), at most a minute's worth of deliveries (each delivery keeps
 * the provider's pace itself, so a second sweep within the minute queues no more than can go); and, once a
 * minute, deletes what the retention period is over for.
 */
async function sweep(env: Env, settings: Settings, { deleteExpired }: { deleteExpired: boolean }): Promise<void> {
  const store = enquiryStore(env.DB);
  const now = Date.now();
  let requeued = 0;
  while (requeued < settings.deliveryRatePerMinute) {
    const limit = Math.min(BATCH_LIMIT, settings.deliveryRatePerMinute - requeued);
    const ids = await store.takeOverdue(now, now + settings.requeueAfterSeconds * 1000, limit);
    if (ids.length === 0) break;
    await env.DELIVERIES.sendBatch(ids.map((id) => ({ body: { id } satisfies Delivery })));
    requeued += ids.length;
  }
  const deleted = deleteExpired ? await store.deleteExpired(now - settings.retentionDays * DAY) : 0;
  if (requeued > 0 || deleted > 0) log("info", "sweep", { requeued, deleted });
}

/** Whether a request carries the operator's health token, compared in constant time. */
async function carriesToken(request: Request, token: string | null): Promise<boolean> {
  if (!token) return false;
  const given = request.headers.get("Authorization") ?? "";
  const digest = async (text: string) => crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return crypto.subtle.timingSafeEqual(await digest(given), await digest(`Bearer ${token}`));
}

/**
 * 200 when enquiries are being delivered, 503 when the operator must look: the settings are wrong, the store
 * cannot be reached, a setting holds every delivery back, or an enquiry has waited past ALERT_AFTER_MINUTES. It
 * reads the store alone and signs in nowhere. Anyone gets the status; the operator's token gets the report.
 */
async function health(request: Request, env: Env): Promise<Response> {
  const settings = settingsOf(env);
  if (settings instanceof SettingsError) return answer(503, null);
  const now = Date.now();
  const problems: string[] = [];
  let report: Awaited<ReturnType<EnquiryStore["report"]>> | undefined;
  try {
    report = await enquiryStore(env.DB).report();
  } catch (error) {
    log("error", "health.store", { reason: String(error) });
    problems.push("The store cannot be reached.");
  }
  const blocked = report?.state.delivery_blocked;
  if (blocked)
    problems.push(`Deliveries are held back since ${new Date(blocked.since).toISOString()}: ${blocked.value}`);
  const oldest = report?.oldestWaitingSince;
  if (oldest !== null && oldest !== undefined && now - oldest > settings.alertAfterMinutes * MINUTE)
    problems.push(`An enquiry has waited ${Math.round((now - oldest) / MINUTE)} minutes to be delivered.`);
  const status = problems.length > 0 ? 503 : 200;
  if (!(await carriesToken(request, settings.healthToken))) return answer(status, null);
  const lastError = report?.state.last_delivery_error;
  return answer(status, {
    status: status === 200 ? "ok" : "attention",
    problems,
    waiting: report?.waiting ?? null,
    oldestWaitingMinutes: oldest ? Math.round((now - oldest) / MINUTE) : null,
    failed: report?.failed ?? null,
    deliveryBlocked: blocked ? { since: new Date(blocked.since).toISOString(), reason: blocked.value } : null,
    lastDeliveryError: lastError
      ? { at: new Date(lastError.since).toISOString(), ...(JSON.parse(lastError.value) as object) }
      : null,
  });
}
