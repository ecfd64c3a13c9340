/**
 * @jest-environment node
 *
 * What the privacy notice promises about keeping a visitor's data, drilled on
 * the Worker runtime's own database with enquiries aged by the test: each kept
 * as long as the notice says for its state and no longer, an erased one never
 * delivered afterwards, one held at the visitor's request kept but not
 * delivered until released, and logs that hold ids and events, never what the
 * visitor wrote or where from. (Finding and erasing on request is in
 * __tests__/mail-service/personal-data.test.ts, in the everyday suite.)
 */
import { queryDatabase } from "mail-service/database";
import { anEnquiry, idOf, SITE, startTestMail, type TestMail } from "../mail-service/support/test-mail";

jest.setTimeout(180_000);

/** The retention this test runs the service with: the deployed setting's value. */
const RETENTION_DAYS = "90";

let mail: TestMail;
beforeAll(async () => {
  mail = await startTestMail({ vars: { RETENTION_DAYS } });
});
afterAll(async () => {
  await mail.close();
});

test("an erased enquiry that was still on its way is not delivered afterwards, and nothing else breaks", async () => {
  await mail.inboxDown();
  const id = await idOf(await mail.post(anEnquiry({ email: "late@example.com" })));
  await mail.waitForEvent("enquiry.retry", { id });
  const forgotten = await mail.operator("forget", "late@example.com");
  expect(forgotten.output).toContain(`Erased 1 enquiry from late@example.com: ${id}.`);
  const before = mail.inbox.messages().length;
  await mail.inboxUp();
  await mail.service.runCron();
  const kept = await idOf(await mail.post(anEnquiry({ email: "next@example.com" })));
  await mail.waitForEvent("enquiry.delivered", { id: kept });
  const received = await mail.received();
  expect(received.slice(before).map((email) => email.headers.get("x-enquiry-id"))).toEqual([kept]);
});

/** Moves a stored enquiry's times `days` into the past, as if it had been received (and delivered) then. */
async function age(id: string, days: number): Promise<void> {
  const by = days * 24 * 60 * 60 * 1000;
  await queryDatabase(
    `UPDATE enquiries SET received_at = received_at - ${by}, delivered_at = delivered_at - ${by} WHERE id = '${id}'`,
    { remote: false, state: mail.stateDir },
  );
}

async function stored(): Promise<string[]> {
  const rows = await queryDatabase<{ id: string }>("SELECT id FROM enquiries", { remote: false, state: mail.stateDir });
  return rows.map((row) => row.id);
}

test("each enquiry is kept as long as the privacy notice says for its state, and no longer", async () => {
  const retention = Number(RETENTION_DAYS);
  // Delivered: kept for the retention period after delivery.
  const deliveredOld = await idOf(await mail.post(anEnquiry()));
  const deliveredYoung = await idOf(await mail.post(anEnquiry()));
  await mail.waitForEvent("enquiry.delivered", { id: deliveredOld });
  await mail.waitForEvent("enquiry.delivered", { id: deliveredYoung });
  // Refused for good by the mail server: kept for the retention period after it was received, for the operator.
  mail.inbox.refuseAll(550);
  const refusedOld = await idOf(await mail.post(anEnquiry()));
  const refusedYoung = await idOf(await mail.post(anEnquiry()));
  await mail.waitForEvent("enquiry.failed", { id: refusedOld });
  await mail.waitForEvent("enquiry.failed", { id: refusedYoung });
  mail.inbox.refuseAll(null);
  // Waiting: kept until it is delivered, however long that takes.
  await mail.inboxDown();
  const waiting = await idOf(await mail.post(anEnquiry()));
  await mail.waitForEvent("enquiry.retry", { id: waiting });

  await age(deliveredOld, retention + 1);
  await age(deliveredYoung, retention - 1);
  await age(refusedOld, retention + 1);
  await age(refusedYoung, retention - 1);
  await age(waiting, retention + 30);
  await mail.service.runCron();

  const left = await stored();
  expect(left).not.toContain(deliveredOld);
  expect(left).not.toContain(refusedOld);
  expect(left).toEqual(expect.arrayContaining([deliveredYoung, refusedYoung, waiting]));

  await mail.inboxUp();
  await mail.waitForEvent("enquiry.delivered", { id: waiting }, 60_000);
});

test("the service's logs hold ids and events, never what a visitor wrote or where from", async () => {
  const visitor = "203.0.113.77";
  const enquiry = anEnquiry({
    name: "Noura Al Hashimi",
    email: "noura.hashimi@example.org",
    phone: "+971 56 321 7788",
    companyName: "Hashimi Trading",
    message: "Please call about <b>our</b> servers at https://hashimi.example",
  });
  mail.inbox.refuseNext(451);
  const id = await idOf(await mail.post(enquiry, { ip: visitor, referer: `${SITE}/contact/` }));
  await mail.waitForEvent("enquiry.delivered", { id });
  // The same again within the duplicate window, and one refused for good.
  await idOf(await mail.post(enquiry, { ip: visitor }));
  mail.inbox.refuseAll(550);
  const refused = await idOf(await mail.post({ ...enquiry, message: "Second: please call back" }, { ip: visitor }));
  await mail.waitForEvent("enquiry.failed", { id: refused });
  mail.inbox.refuseAll(null);

  const logs = mail.service.output();
  expect(logs).toContain(id);
  for (const value of [
    enquiry.name,
    enquiry.email,
    "321 7788",
    enquiry.companyName,
    "our</b> servers",
    "Second: please call back",
    visitor,
  ])
    expect(logs).not.toContain(value);
});

test("an enquiry held at the visitor's request is kept but not delivered, and goes once released", async () => {
  await mail.inboxDown();
  const id = await idOf(await mail.post(anEnquiry({ email: "noura@example.com", name: "Noura Ali" })));
  await mail.waitForEvent("enquiry.retry", { id });
  const held = await mail.operator("hold", "noura@example.com");
  expect(held.output).toContain(`Held 1 enquiry from noura@example.com: ${id}.`);
  expect((await mail.operator("list")).output).toMatch(new RegExp(`${id}  HELD since .* at the visitor's request`));
  await mail.inboxUp();
  // Past its pause, and swept: it stays held.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  await mail.service.runCron();
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect((await mail.received()).filter((email) => email.text?.includes("Noura Ali"))).toEqual([]);
  const copy = JSON.parse((await mail.operator("find", "noura@example.com", "--json")).output) as {
    heldSince: string;
  }[];
  expect(copy[0]?.heldSince).toEqual(expect.any(String));

  const released = await mail.operator("release", id);
  expect(released.output).toContain(`Released 1 enquiry from enquiry ${id}: ${id}. 1 waiting will be delivered`);
  await mail.service.runCron();
  await mail.waitForEvent("enquiry.delivered", { id });
});
