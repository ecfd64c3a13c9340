/**
 * The delivery of queued enquiries, one attempt at a time: an attempt claims its enquiry in the store (at the
 * provider's pace), holds it while the conversation lasts, records before the message goes that it may arrive,
 * and ends it delivered, waiting for a retry with a growing pause, or refused for good. The dead-letter queue hands
 * back what the queue gave up on, for the sweep.
 */
import { classifyFailure, retryDelaySeconds } from "./core/delivery";
import { composeEmail } from "./core/message";
import type { Settings } from "./core/settings";
import { log } from "./log";
import { enquiryStore, type EnquiryStore } from "./store";
import { AttemptStopped, transportFor } from "./transports";

/** A queue message: the enquiry to deliver, by its id (what it holds stays in the store). */
export interface Delivery {
  id: string;
}

/**
 * How long a delivery holds its enquiry without saying it is still at work: it renews the hold every
 * HEARTBEAT_MS while its conversation lasts, so a delivery killed mid-way lets go within this, and a sweep (every
 * half minute) queues the enquiry again: within a minute of the kill.
 */
const LEASE_MS = 20_000;
const HEARTBEAT_MS = 5_000;
/** Workers keep six connections open at once per invocation; one is left for the store. */
const DELIVERIES_AT_ONCE = 5;
/** Dead letters are named after their queue with this ending (wrangler.jsonc). */
const DEAD_LETTER_SUFFIX = "-dlq";
const MINUTE = 60_000;

/** A batch from the deliveries' queue, or from its dead-letter queue. */
export async function consumeDeliveries(batch: MessageBatch<Delivery>, env: Env, settings: Settings): Promise<void> {
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
}

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
