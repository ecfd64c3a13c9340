/**
 * @jest-environment node
 *
 * Fault drills: the mail service's runtime killed in the middle of its work,
 * an enquiry stored and not yet delivered. Each drill runs the Worker in
 * wrangler's local runtime against a real SMTP server on 127.0.0.1;
 * wrangler's local queue, like one that lost its messages, does not survive
 * the kill, and the cron sweep must find what was stored. (The mail server's
 * own faults: delivery-faults.test.ts, which runs beside this file.)
 */
import { anEnquiry, copiesOf, idOf, startTestMail, waitFor, type TestMail } from "../mail-service/support/test-mail";

jest.setTimeout(180_000);

let mail: TestMail | undefined;
afterEach(async () => {
  await mail?.close();
  mail = undefined;
});

/** The deployment's own pauses (wrangler.jsonc), not the drills' short ones. */
const DEPLOYED_PAUSES = {
  REQUEUE_AFTER_SECONDS: "",
  RETRY_BASE_SECONDS: "",
  RETRY_MAX_SECONDS: "",
  DELIVERY_TIMEOUT_SECONDS: "",
};

/**
 * Runs the cron as Cloudflare does, at each minute, the first time at once (the worst a restart can meet: its first
 * sweep comes before anything is overdue), until `done` or `limitMs`; resolves with how long it took.
 */
async function everyMinuteUntil(done: () => boolean, limitMs: number): Promise<number> {
  const started = Date.now();
  while (!done() && Date.now() - started < limitMs) {
    await mail?.service.runCron();
    const nextMinute = started + Math.ceil((Date.now() - started + 1) / 60_000) * 60_000;
    await waitFor("the sweep's delivery", () => done(), Boolean, Math.max(0, nextMinute - Date.now())).catch(
      () => undefined,
    );
  }
  return Date.now() - started;
}

/** Fires the sweep each second, as a test's clock, until `done`; the drills' pauses (test-mail.ts) are seconds long. */
async function sweepUntil(done: () => boolean): Promise<void> {
  await waitFor(
    "the sweep's delivery",
    async () => {
      if (!done()) await mail?.service.runCron();
      return done();
    },
    Boolean,
    60_000,
  );
}

const deliveredEvent = (id: string) => () =>
  mail?.service.events().some((event) => event.event === "enquiry.delivered" && event.id === id) ?? false;

test("the service is killed just after answering, its queue message lost: with the deployment's settings and the cron each minute, delivered within a minute of the restart", async () => {
  // The queue holds each message back, so the kill comes after the answer and before any delivery, and the
  // restarted queue has lost the message, as a crash can lose one on Cloudflare.
  mail = await startTestMail({
    vars: DEPLOYED_PAUSES,
    adjust: (config) => {
      for (const producer of config.queues.producers) producer.delivery_delay = 60;
    },
  });
  const id = await idOf(await mail.post(anEnquiry()));
  await new Promise((resolve) => setTimeout(resolve, 50));
  await mail.crashAndRestart(() => undefined);
  expect(mail.inbox.attempts()).toEqual([]);
  const took = await everyMinuteUntil(deliveredEvent(id), 150_000);
  expect(deliveredEvent(id)()).toBe(true);
  expect(took).toBeLessThan(60_000);
  expect(copiesOf(await mail.waitForEmails(1), id)).toHaveLength(1);
});

test("the service is killed while the mail server answers: the sweep delivers it after the restart, the second copy the same and logged", async () => {
  // The message reaches the server, which holds its answer until the kill has come.
  mail = await startTestMail();
  mail.inbox.holdAnswers();
  const id = await idOf(await mail.post(anEnquiry()));
  await mail.waitForEvent("enquiry.awaiting-answer", { id });
  expect(mail.inbox.answering()).toBe(1);
  await mail.crashAndRestart();
  mail.inbox.releaseAnswers();
  await sweepUntil(deliveredEvent(id));
  await mail.waitForEvent("enquiry.possible-duplicate", { id });
  const copies = copiesOf(await mail.waitForEmails(1), id);
  expect(copies.length).toBeGreaterThanOrEqual(1);
  expect(new Set(copies.map((email) => email.messageId)).size).toBe(1);
});

test("killed a moment after the final dot, as real servers answer it at once: the list says it may already have arrived, and the next attempt is logged as a possible duplicate", async () => {
  mail = await startTestMail({ inbox: { delayMs: 400 } });
  const id = await idOf(await mail.post(anEnquiry()));
  await mail.waitForEvent("enquiry.awaiting-answer", { id });
  // The whole message has gone; the server's answer is 400 ms away.
  await mail.crashAndRestart(() => undefined);
  const listed = await mail.operator("list");
  expect(listed.output).toContain(`${id}  not confirmed delivered: it may already have arrived`);
  await sweepUntil(deliveredEvent(id));
  const duplicate = await mail.waitForEvent("enquiry.possible-duplicate", { id });
  expect(duplicate.messageId).toEqual(expect.any(String));
  const copies = copiesOf(await mail.waitForEmails(1), id);
  expect(new Set(copies.map((email) => email.messageId)).size).toBe(1);
});
