/**
 * The delivery state machine, through the queue handler called directly with a batch of the test's making: each
 * attempt claims its enquiry, keeps the provider's pace, sends through the configured way out and ends the enquiry
 * delivered, waiting with its reason, or handed back for the sweep; the message is acknowledged or retried to match.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import worker from "../src/index";
import type { Delivery } from "../src/delivery-attempts";
import { enquiryStore } from "../src/store";
import { anEnquiry, rowOf, storeEnquiry } from "./support";

const QUEUE = "enquiry-deliveries";

/** Hands the enquiries to the queue handler as one batch from `queue`, with `settings` over wrangler.jsonc's. */
async function deliver(
  ids: string[],
  { queue = QUEUE, settings = {} }: { queue?: string; settings?: Partial<Env> } = {},
) {
  const batch = createMessageBatch<Delivery>(
    queue,
    ids.map((id, index) => ({ id: `message-${index}`, timestamp: new Date(), attempts: 1, body: { id } })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, ...settings });
  return getQueueResult(batch, ctx);
}

test("a queued enquiry is delivered: marked as it goes and when it has gone, and its message acknowledged", async () => {
  const id = await storeEnquiry(anEnquiry());
  const before = Date.now();
  const result = await deliver([id]);
  expect(result.explicitAcks).toEqual(["message-0"]);
  expect(result.retryMessages).toEqual([]);
  const row = await rowOf(id);
  expect(row).toMatchObject({ status: "delivered", attempts: 1, last_error: null });
  expect(row?.data_sent_at).toBeGreaterThanOrEqual(before);
  expect(row?.delivered_at).toBeGreaterThanOrEqual(row?.data_sent_at ?? Infinity);
});

test("a second copy of a delivered enquiry's message is acknowledged and starts no attempt", async () => {
  const id = await storeEnquiry(anEnquiry());
  await deliver([id]);
  const result = await deliver([id]);
  expect(result.explicitAcks).toEqual(["message-0"]);
  expect(await rowOf(id)).toMatchObject({ status: "delivered", attempts: 1 });
});

test("a mail server that cannot be reached: the message comes back after a pause, the enquiry waits with the reason", async () => {
  const id = await storeEnquiry(anEnquiry());
  const unreachable = {
    MAIL_TRANSPORT: "smtp",
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: "1",
    SMTP_SECURITY: "none",
    SMTP_AUTH: "none",
  };
  const now = Date.now();
  const result = await deliver([id], { settings: unreachable });
  // (The runtime's test batch records that a message is retried, not its pause: the store says when.)
  expect(result.explicitAcks).toEqual([]);
  expect(result.retryMessages).toEqual([{ msgId: "message-0" }]);
  const row = await rowOf(id);
  expect(row).toMatchObject({ status: "pending", attempts: 1, data_sent_at: null });
  expect(row?.last_error).toMatch(/\w/);
  // The sweep's turn comes only after the queue's own retry had its chance.
  const pause = (Number(env.RETRY_BASE_SECONDS) + Number(env.REQUEUE_AFTER_SECONDS)) * 1000;
  expect(row?.next_attempt_at).toBeGreaterThanOrEqual(now + pause);

  // Its next attempt, once the server answers, delivers it.
  await deliver([id]);
  expect(await rowOf(id)).toMatchObject({ status: "delivered", attempts: 2 });
});

test("past the provider's pace an enquiry waits for the sweep a minute on, its attempt unspent", async () => {
  const [first, second] = [await storeEnquiry(anEnquiry()), await storeEnquiry(anEnquiry())];
  const onePerMinute = { DELIVERY_RATE_PER_MINUTE: "1" };
  await deliver([first ?? ""], { settings: onePerMinute });
  const now = Date.now();
  const result = await deliver([second ?? ""], { settings: onePerMinute });
  expect(result.explicitAcks).toEqual(["message-0"]);
  const row = await rowOf(second ?? "");
  expect(row).toMatchObject({ status: "pending", attempts: 0 });
  expect(row?.next_attempt_at).toBeGreaterThanOrEqual(now + 60_000);
});

test("an enquiry erased before its delivery is not sent, and its message is acknowledged", async () => {
  const id = await storeEnquiry(anEnquiry());
  await env.DB.prepare("DELETE FROM enquiries WHERE id = ?").bind(id).run();
  const result = await deliver([id]);
  expect(result.explicitAcks).toEqual(["message-0"]);
  expect(await rowOf(id)).toBeNull();
});

test("what the queue gave up on comes back from the dead-letter queue to wait for the sweep", async () => {
  const id = await storeEnquiry(anEnquiry());
  await env.DB.prepare("UPDATE enquiries SET status = 'sending', attempts = 10 WHERE id = ?").bind(id).run();
  const now = Date.now();
  const result = await deliver([id], { queue: `${QUEUE}-dlq` });
  expect(result.explicitAcks).toEqual(["message-0"]);
  const row = await rowOf(id);
  expect(row).toMatchObject({ status: "pending", attempts: 10 });
  expect(row?.next_attempt_at).toBeGreaterThanOrEqual(now + Number(env.RETRY_MAX_SECONDS) * 1000);
});

test("with a setting the service cannot run with, the whole batch comes back later, nothing lost", async () => {
  const id = await storeEnquiry(anEnquiry());
  const result = await deliver([id], { settings: { MAIL_TRANSPORT: "smtp" } });
  expect(result.retryBatch).toMatchObject({ retry: true });
  expect(result.explicitAcks).toEqual([]);
  expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 0 });
});

test("an enquiry the operator holds at the visitor's request is not delivered, nor swept, until released", async () => {
  const id = await storeEnquiry(anEnquiry());
  await env.DB.prepare("UPDATE enquiries SET held_since = ? WHERE id = ?").bind(Date.now(), id).run();
  const held = await deliver([id]);
  expect(held.explicitAcks).toEqual(["message-0"]);
  expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 0 });
  // Overdue for the sweep, it is still left alone.
  expect(await enquiryStore(env.DB).takeOverdue(Date.now() + 3_600_000, Date.now(), 100)).not.toContain(id);

  await env.DB.prepare("UPDATE enquiries SET held_since = NULL WHERE id = ?").bind(id).run();
  await deliver([id]);
  expect(await rowOf(id)).toMatchObject({ status: "delivered", attempts: 1 });
});
