/**
 * @jest-environment node
 *
 * Fault drills: nothing the visitor was told is sent may be lost. Each drill
 * runs the Worker in wrangler's local runtime against a real SMTP server on
 * 127.0.0.1 that is slow, refuses or goes away, under a burst, an operator's
 * commands and the sweep. (A runtime killed in the middle of its work:
 * killed-mid-work.test.ts.)
 */
import { queryDatabase } from "mail-service/database";
import { dubaiMonth } from "mail-service/figures";
import { anEnquiry, copiesOf, idOf, startTestMail, waitFor, type TestMail } from "../mail-service/support/test-mail";

jest.setTimeout(180_000);

let mail: TestMail | undefined;
afterEach(async () => {
  await mail?.close();
  mail = undefined;
});

/** The month's received, delivered and refused-for-good totals, as the operator's report gives them. */
async function reportTotals(service: TestMail, month: string): Promise<number[]> {
  const { status, output } = await service.operator("report", "--month", month, "--csv");
  const count = (item: string) => Number(output.match(new RegExp(`^${month},Totals,${item},(\\d+),`, "m"))?.[1]);
  const totals = ["Enquiries received", "Delivered to the sales inbox", "Refused for good by the mail server"].map(
    count,
  );
  // A report without its totals fails with what the command said, not as NaN.
  if (status !== 0 || totals.some(Number.isNaN)) throw new Error(`report --csv (exit ${status}) printed:\n${output}`);
  return totals;
}

test("the mail server answers 451, then accepts: delivered once, later", async () => {
  mail = await startTestMail();
  mail.inbox.refuseNext(451);
  const id = await idOf(await mail.post(anEnquiry()));
  const emails = await mail.waitForEmails(1);
  expect(copiesOf(emails, id)).toHaveLength(1);
  expect(mail.inbox.attempts().map((attempt) => attempt.code)).toEqual([451, 250]);
  await mail.waitForEvent("enquiry.delivered", { id, attempt: 2 });
});

test("the mail server answers 550: kept as failed and reported; the operator lists it and delivers it again", async () => {
  mail = await startTestMail();
  mail.inbox.refuseAll(550);
  const month = dubaiMonth(Date.now());
  const id = await idOf(await mail.post(anEnquiry({ companyName: "Desert Air Cargo" })));
  const failed = await mail.waitForEvent("enquiry.failed", { id });
  expect(String(failed.reason)).toContain("550");
  // Refused for good means one attempt, not a retry loop against the provider.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(mail.inbox.attempts()).toHaveLength(1);

  const list = await mail.operator("list");
  expect(list.status).toBe(0);
  expect(list.output).toContain(`${id}  REFUSED for good, 1 attempt`);
  expect(list.output).toContain("Desert Air Cargo");
  expect(list.output).toContain("550");
  expect(await reportTotals(mail, month)).toEqual([1, 0, 1]);

  mail.inbox.refuseAll(null);
  const again = await mail.operator("deliver", id);
  expect(again.status).toBe(0);
  await mail.service.runCron();
  const emails = await mail.waitForEmails(1);
  expect(copiesOf(emails, id)).toHaveLength(1);
  expect((await mail.operator("list")).output).toContain("Every enquiry has been delivered.");
  // The report counts it once, as what became of it.
  await mail.waitForEvent("enquiry.delivered", { id });
  expect(await reportTotals(mail, month)).toEqual([1, 1, 0]);
});

test("the operator command refuses what is not an enquiry id, and says so of an id it does not hold", async () => {
  mail = await startTestMail();
  const malformed = await mail.operator("deliver", "1' OR '1'='1");
  expect(malformed.status).toBe(2);
  expect(malformed.output).toContain("is not an enquiry id");
  const unknown = await mail.operator("deliver", "00000000-0000-4000-8000-000000000000");
  expect(unknown.status).toBe(1);
  expect(unknown.output).toContain("No enquiry 00000000-0000-4000-8000-000000000000 is waiting");
});

test("a mail server slow at every step (3 s each, 4 s for the final answer) is waited for: delivered once", async () => {
  // The deployment's own conversation limit (DELIVERY_TIMEOUT_SECONDS as wrangler.jsonc sets it), not the tests'.
  mail = await startTestMail({ vars: { DELIVERY_TIMEOUT_SECONDS: "" }, inbox: { stepDelayMs: 3_000, delayMs: 4_000 } });
  const started = Date.now();
  const id = await idOf(await mail.post(anEnquiry()));
  await mail.waitForEvent("enquiry.delivered", { id, attempt: 1 }, 90_000);
  expect(Date.now() - started).toBeGreaterThan(12_000);
  // A moment for a second copy, were a retry on its way.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(copiesOf(await mail.received(), id)).toHaveLength(1);
  expect(mail.inbox.attempts().map((attempt) => attempt.code)).toEqual([250]);
  expect(mail.service.events().filter((event) => event.event === "enquiry.retry")).toEqual([]);
});

test("a mail server that takes the message but never answers the final dot: cut at the deadline, sent again with the same Message-ID, logged as a possible duplicate", async () => {
  mail = await startTestMail({ vars: { DELIVERY_TIMEOUT_SECONDS: "6" } });
  mail.inbox.neverAnswer(1);
  const id = await idOf(await mail.post(anEnquiry()));
  const retry = await mail.waitForEvent("enquiry.retry", { id, attempt: 1 });
  expect(retry.possibleDuplicate).toBe(true);
  expect(String(retry.reason)).toMatch(/may have delivered it/);
  const duplicate = await mail.waitForEvent("enquiry.possible-duplicate", { id });
  await mail.waitForEvent("enquiry.delivered", { id, attempt: 2 });
  const copies = copiesOf(await mail.waitForEmails(2), id);
  expect(copies).toHaveLength(2);
  expect(new Set(copies.map((email) => email.messageId))).toEqual(new Set([duplicate.messageId]));
});

test("the sales address refused (550 at RCPT) until the setting is mended: nothing fails, one alert, all delivered after by themselves", async () => {
  const HEALTH_TOKEN = "drill-health-token-0123456789abcdef";
  mail = await startTestMail({ vars: { HEALTH_TOKEN } });
  mail.inbox.refuseRecipients(550);
  const ids = [
    await idOf(await mail.post(anEnquiry())),
    await idOf(await mail.post(anEnquiry())),
    await idOf(await mail.post(anEnquiry())),
  ];
  for (const id of ids) await mail.waitForEvent("enquiry.retry", { id, attempt: 2 });
  const events = () => mail?.service.events() ?? [];
  // Told once, not once per enquiry; and none of them is kept as failed.
  expect(events().filter((event) => event.event === "delivery.blocked")).toHaveLength(1);
  expect(events().filter((event) => event.event === "enquiry.failed")).toEqual([]);
  const health = await fetch(`${mail.service.apiUrl}/health`, { headers: { Authorization: `Bearer ${HEALTH_TOKEN}` } });
  expect(health.status).toBe(503);
  const report = (await health.json()) as { waiting: number; deliveryBlocked: { reason: string } | null };
  expect(report.waiting).toBe(3);
  expect(report.deliveryBlocked?.reason).toMatch(/550.*RCPT TO/);

  // The operator mends the mailbox; no one touches the enquiries.
  mail.inbox.refuseRecipients(null);
  const emails = await mail.waitForEmails(3, 60_000);
  for (const id of ids) expect(copiesOf(emails, id)).toHaveLength(1);
  await mail.waitForEvent("delivery.resumed");
  expect((await fetch(`${mail.service.apiUrl}/health`)).status).toBe(200);
  expect(events().filter((event) => event.event === "delivery.blocked")).toHaveLength(1);
});

test("the operator delivers every waiting and refused enquiry at once with deliver --all", async () => {
  mail = await startTestMail({ vars: { RETRY_BASE_SECONDS: "3600", RETRY_MAX_SECONDS: "3600" } });
  mail.inbox.refuseNext(550, 451);
  const refused = await idOf(await mail.post(anEnquiry()));
  await mail.waitForEvent("enquiry.failed", { id: refused });
  const waiting = await idOf(await mail.post(anEnquiry()));
  const retry = await mail.waitForEvent("enquiry.retry", { id: waiting });
  expect(retry.inSeconds).toBe(3600);
  const all = await mail.operator("deliver", "--all");
  expect(all.output).toContain("2 enquiries will be delivered again");
  await mail.service.runCron();
  const emails = await mail.waitForEmails(2);
  expect(copiesOf(emails, refused)).toHaveLength(1);
  expect(copiesOf(emails, waiting)).toHaveLength(1);
});

test("a burst past the provider's pace and the whole service's limit: every enquiry answered 202, delivered at that pace, none lost", async () => {
  mail = await startTestMail({ vars: { DELIVERY_RATE_PER_MINUTE: "4", SERVICE_LIMIT_PER_MINUTE: "5" } });
  const ids = await Promise.all(Array.from({ length: 8 }, async () => idOf(await mail!.post(anEnquiry()))));
  // Within the first minute, no more than the pace allows reaches the provider, sweep or not.
  await mail.waitForEmails(4);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  await mail.service.runCron();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(mail.inbox.messages()).toHaveLength(4);
  // A minute on, the sweep sends the rest, still at that pace. The minute is moved on in the store (what went out
  // and what waits, a minute earlier), not waited for.
  const minuteOn = async () => {
    const database = { remote: false as const, state: mail!.stateDir };
    await queryDatabase(
      "UPDATE enquiries SET delivered_at = delivered_at - 61000, next_attempt_at = next_attempt_at - 61000",
      database,
    );
    await mail!.service.runCron();
  };
  await minuteOn();
  await mail.waitForEmails(8, 30_000);
  // Eight in two minutes at four a minute: the second minute sent the other four, and no more went than allowed.
  const emails = await mail.received();
  expect(emails).toHaveLength(8);
  for (const id of ids) expect(copiesOf(emails, id)).toHaveLength(1);
});

test("the mail server is down for a while: the enquiry waits and is delivered when it returns", async () => {
  mail = await startTestMail();
  await mail.inboxDown();
  const id = await idOf(await mail.post(anEnquiry()));
  const retry = await mail.waitForEvent("enquiry.retry", { id, attempt: 2 });
  // In the operator's words first; the runtime's own after them.
  expect(String(retry.reason)).toMatch(/^The mail server refused the connection \((ECONNECTION|ESOCKET)/);
  await mail.inboxUp();
  const emails = await mail.waitForEmails(1);
  expect(copiesOf(emails, id)).toHaveLength(1);
});

test("the queue gives up after its retries: the dead-letter queue hands the enquiry back, and it is delivered later", async () => {
  mail = await startTestMail({
    adjust: (config) => {
      for (const consumer of config.queues.consumers) if (consumer.dead_letter_queue) consumer.max_retries = 1;
    },
  });
  await mail.inboxDown();
  const id = await idOf(await mail.post(anEnquiry()));
  const undelivered = await mail.waitForEvent("enquiry.undelivered", { id });
  expect(String(undelivered.todo)).toMatch(/check the mail settings/);
  await mail.inboxUp();
  // The sweep queues it again once its pause (RETRY_MAX_SECONDS) is over.
  const emails = await waitFor(
    "the e-mail after the sweep",
    async () => {
      await mail?.service.runCron();
      return mail?.received() ?? [];
    },
    (all) => all.length > 0,
  );
  expect(copiesOf(emails, id)).toHaveLength(1);
});

test("forget stops a delivery that has not sent its message yet: nothing arrives, nothing is logged of it", async () => {
  mail = await startTestMail({ vars: { DELIVERY_TIMEOUT_SECONDS: "60" } });
  // The server holds its greeting until the erasure is done: the delivery under way, the message not yet sent,
  // whatever the time the queue and the operator's command (wrangler) take on a busy machine.
  const { inbox } = mail;
  inbox.holdGreetings();
  const enquiry = anEnquiry();
  const id = await idOf(await mail.post(enquiry));
  await waitFor(
    "the delivery to connect",
    () => inbox.heldGreetings(),
    (held) => held === 1,
  );
  const forgotten = await mail.operator("forget", enquiry.email);
  inbox.releaseGreetings();
  expect(forgotten.output).toContain(`Erased 1 enquiry from ${enquiry.email}: ${id}.`);
  expect(forgotten.output).toContain(`Not delivered: ${id}: stopped before its e-mail was sent; none will be.`);
  await mail.waitForEvent("delivery.stopped");
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(copiesOf(await mail.received(), id)).toEqual([]);
  expect(
    mail.service
      .events()
      .filter((event) => event.id === id)
      .map(({ event }) => event),
  ).toEqual(["enquiry.stored"]);
});

test("forget while the message is on its way says it cannot stop it and what to delete from the sales inbox", async () => {
  mail = await startTestMail();
  // The server holds its answer to the message until the erasure is done, however long the operator's command takes.
  const { inbox } = mail;
  inbox.holdAnswers();
  const enquiry = anEnquiry({ companyName: "Falcon Drilling Services" });
  const id = await idOf(await mail.post(enquiry));
  await mail.waitForEvent("enquiry.awaiting-answer", { id });
  const forgotten = await mail.operator("forget", enquiry.email);
  inbox.releaseAnswers();
  expect(forgotten.output).toContain(
    `${id}: its e-mail is being delivered right now (or has just been): the service can no longer stop it. Delete it from the sales inbox too: "Website enquiry: Falcon Drilling Services (`,
  );
  // It arrives, as the operator was told; and nothing is logged against the id that is gone.
  expect(copiesOf(await mail.waitForEmails(1), id)).toHaveLength(1);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const logged = mail.service
    .events()
    .filter((event) => event.id === id)
    .map(({ event }) => event);
  expect(logged).not.toContain("enquiry.delivered");
});

test("200 enquiries at once: each stored and delivered, none twice unrecognisably", async () => {
  mail = await startTestMail();
  const enquiries = Array.from({ length: 200 }, () => anEnquiry());
  const responses = await Promise.all(enquiries.map((enquiry) => mail?.post(enquiry)));
  const ids = await Promise.all(responses.map((response) => idOf(response as Response)));
  expect(new Set(ids).size).toBe(200);

  const emails = await waitFor(
    "an e-mail for each of the 200",
    () => mail?.received() ?? [],
    (all) => new Set(all.map((email) => email.headers.get("x-enquiry-id"))).size >= 200,
    120_000,
  );
  for (const [index, id] of ids.entries()) {
    const copies = copiesOf(emails, id);
    expect(copies.length).toBeGreaterThanOrEqual(1);
    expect(new Set(copies.map((email) => email.messageId)).size).toBe(1);
    expect(copies[0]?.text).toContain(enquiries[index]?.message);
  }
});

test("the sweep deletes delivered and refused enquiries after the retention period and keeps the others", async () => {
  mail = await startTestMail({ vars: { RETENTION_DAYS: "90" } });
  const old = await idOf(await mail.post(anEnquiry()));
  const recent = await idOf(await mail.post(anEnquiry()));
  await mail.waitForEmails(2);
  await mail.waitForEvent("enquiry.delivered", { id: recent });
  await mail.waitForEvent("enquiry.delivered", { id: old });
  mail.inbox.refuseAll(550);
  const refused = await idOf(await mail.post(anEnquiry()));
  await mail.waitForEvent("enquiry.failed", { id: refused });
  const recentlyRefused = await idOf(await mail.post(anEnquiry()));
  await mail.waitForEvent("enquiry.failed", { id: recentlyRefused });

  const database = { remote: false as const, state: mail.stateDir };
  const ninetyOneDaysAgo = Date.now() - 91 * 24 * 3_600_000;
  await queryDatabase(
    `UPDATE enquiries SET delivered_at = ${ninetyOneDaysAgo}, received_at = ${ninetyOneDaysAgo} WHERE id = '${old}'`,
    database,
  );
  await queryDatabase(`UPDATE enquiries SET received_at = ${ninetyOneDaysAgo} WHERE id = '${refused}'`, database);
  await mail.service.runCron();

  const left = await queryDatabase<{ id: string; status: string }>(
    "SELECT id, status FROM enquiries ORDER BY received_at",
    database,
  );
  // The refused one was reported to the operator when it failed (enquiry.failed); past the period it goes too.
  expect(left).toEqual([
    { id: recent, status: "delivered" },
    { id: recentlyRefused, status: "failed" },
  ]);
});
