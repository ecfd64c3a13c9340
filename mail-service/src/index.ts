/**
 * The mail service as a Cloudflare Worker: the wiring of the core (core/) to
 * Cloudflare's parts. A plain module Worker, not Hono: it answers two paths,
 * and the contract's checks are the core's, written against Request and
 * Response.
 *
 * - fetch: POST /api/v1/mail-sender stores the enquiry in D1, answers 202 and
 *   queues its delivery; GET /api/v1/health says whether the store and the
 *   way out can be used.
 * - queue: delivers each queued enquiry once, retrying with growing pauses;
 *   the dead-letter queue hands back what the queue gave up on.
 * - scheduled (cron): queues again what no delivery has taken in time, and
 *   deletes delivered and refused enquiries after the retention period.
 */
import { HEALTH_PATH, MAIL_SENDER_PATH, answer, takeEnquiry } from "./core/contract";
import { classifyFailure, retryDelaySeconds } from "./core/delivery";
import { composeEmail } from "./core/message";
import { SettingsError, readSettings, type Settings } from "./core/settings";
import { enquiryStore } from "./store";
import { transportFor } from "./transports";

interface Delivery {
  id: string;
}

/**
 * How long one delivery attempt holds an enquiry, in delivery timeouts: longer than connecting, the greeting and
 * the longest wait for an answer together, so that only a delivery that was killed is ever overtaken.
 */
const HOLD_IN_TIMEOUTS = 4;
/** Workers keep six connections open at once per invocation; one is left for the store. */
const DELIVERIES_AT_ONCE = 5;
/** Dead letters are named after their queue with this ending (wrangler.jsonc). */
const DEAD_LETTER_SUFFIX = "-dlq";
/** At most this many enquiries queued again by one sweep (a queue batch holds 100). */
const SWEEP_LIMIT = 1000;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** One JSON line per event, for Workers Logs and `wrangler tail`; errors are the operator's to act on. */
function log(level: "info" | "warn" | "error", event: string, details: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, event, ...details });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

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
  const enquiry = await store.claim(id, now, now + HOLD_IN_TIMEOUTS * settings.deliveryTimeoutSeconds * 1000);
  if (!enquiry) {
    // Delivered or failed already (a second copy of the message), or held by a delivery under way.
    message.ack();
    return;
  }
  try {
    await transportFor(settings, env).send(await composeEmail(enquiry, settings));
  } catch (error) {
    const failure = classifyFailure(error);
    if (failure.permanent) {
      await store.markFailed(id, failure.reason);
      log("error", "enquiry.failed", {
        id,
        reason: failure.reason,
        todo: "The mail server refused this enquiry for good. See `npm run mail:operator -- list`, mend the cause, then deliver it again.",
      });
      message.ack();
      return;
    }
    const delay = retryDelaySeconds(enquiry.attempts, settings);
    await store.markWaiting(id, failure.reason, Date.now() + delay * 1000 + settings.requeueAfterSeconds * 1000);
    log("warn", "enquiry.retry", { id, attempt: enquiry.attempts, inSeconds: delay, reason: failure.reason });
    message.retry({ delaySeconds: delay });
    return;
  }
  await store.markDelivered(id, Date.now());
  log("info", "enquiry.delivered", { id, attempt: enquiry.attempts });
  message.ack();
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
        withinLimit: async (address) => (await env.ENQUIRY_LIMITER.limit({ key: address })).success,
        store: async (enquiry) => {
          const stored = await store.insert(enquiry, {
            duplicateSince:
              settings.duplicateWindowMinutes > 0
                ? enquiry.receivedAt - settings.duplicateWindowMinutes * MINUTE
                : null,
            requeueAt: enquiry.receivedAt + settings.requeueAfterSeconds * 1000,
          });
          log("info", stored.duplicate ? "enquiry.duplicate" : "enquiry.stored", { id: stored.id });
          // The answer does not wait for the queue: if this send is lost, the sweep queues the enquiry later.
          if (!stored.duplicate) ctx.waitUntil(env.DELIVERIES.send({ id: stored.id } satisfies Delivery));
          return stored;
        },
        log: (event, details) => log("error", event, details),
      });
    }
    if (pathname === HEALTH_PATH) {
      if (request.method !== "GET" && request.method !== "HEAD")
        return answer(405, { error: "Only GET is answered here." }, { Allow: "GET, HEAD" });
      return health(env);
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

  async scheduled(_controller, env): Promise<void> {
    const settings = settingsOf(env);
    if (settings instanceof SettingsError) return;
    const store = enquiryStore(env.DB);
    const now = Date.now();
    let requeued = 0;
    while (requeued < SWEEP_LIMIT) {
      const ids = await store.takeOverdue(now, now + settings.requeueAfterSeconds * 1000, 100);
      if (ids.length === 0) break;
      await env.DELIVERIES.sendBatch(ids.map((id) => ({ body: { id } satisfies Delivery })));
      requeued += ids.length;
    }
    const deleted = await store.deleteExpired(now - settings.retentionDays * DAY);
    if (requeued > 0 || deleted > 0) log("info", "sweep", { requeued, deleted });
  },
} satisfies ExportedHandler<Env, Delivery>;

/** The transport's last check, reused for a minute so that a busy health monitor opens few connections. */
let transportCheck: { at: number; ok: boolean } | undefined;

async function health(env: Env): Promise<Response> {
  const settings = settingsOf(env);
  if (settings instanceof SettingsError)
    return answer(503, { settings: "wrong", store: "not checked", transport: "not checked" });
  let store = true;
  try {
    await enquiryStore(env.DB).reachable();
  } catch (error) {
    store = false;
    log("error", "health.store", { reason: String(error) });
  }
  if (!transportCheck || Date.now() - transportCheck.at > MINUTE) {
    let ok = true;
    try {
      await transportFor(settings, env).check();
    } catch (error) {
      ok = false;
      log("error", "health.transport", { reason: classifyFailure(error).reason });
    }
    transportCheck = { at: Date.now(), ok };
  }
  const body = {
    settings: "ok",
    store: store ? "ok" : "unreachable",
    transport: transportCheck.ok ? "ok" : "unreachable",
  };
  return answer(store && transportCheck.ok ? 200 : 503, body);
}
