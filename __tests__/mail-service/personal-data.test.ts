/**
 * @jest-environment node
 *
 * What the privacy notice promises a visitor, done by the operator on the
 * Worker runtime's own database: every enquiry from an address found and
 * shown whole (a request for a copy), and erased (a request for erasure),
 * whatever case the visitor typed the address in, and nobody else's.
 */
import { anEnquiry, startTestMail, type TestMail } from "./support/test-mail";

jest.setTimeout(120_000);

let mail: TestMail;
beforeAll(async () => {
  mail = await startTestMail();
});
afterAll(async () => {
  await mail.close();
});

async function idOf(response: Response): Promise<string> {
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

test("the operator finds every enquiry from an address, shows all it holds, and erases them on request", async () => {
  const first = anEnquiry({ email: "layla.haddad@example.com", name: "Layla Haddad", phone: "+971 55 010 2030" });
  const second = anEnquiry({ email: " Layla.Haddad@Example.com ", companyName: "Haddad Logistics" });
  const someoneElse = anEnquiry({ email: "omar@example.net", name: "Omar Saleh" });
  const ids = [await idOf(await mail.post(first)), await idOf(await mail.post(second))];
  const otherId = await idOf(await mail.post(someoneElse));
  await mail.waitForEmails(3);

  const found = await mail.operator("find", "LAYLA.HADDAD@example.com");
  expect(found.status).toBe(0);
  expect(found.output).toContain("2 enquiries from LAYLA.HADDAD@example.com stored:");
  for (const id of ids) expect(found.output).toContain(`${id}  delivered`);
  for (const line of [
    "name: Layla Haddad",
    "mobile number: +971 55 010 2030",
    "company name: Haddad Logistics",
    `industry: ${first.industry}`,
    first.message,
    second.message,
  ])
    expect(found.output).toContain(line);
  expect(found.output).not.toContain(otherId);
  expect(found.output).not.toContain("Omar Saleh");

  const forgotten = await mail.operator("forget", "layla.haddad@example.com");
  expect(forgotten.status).toBe(0);
  expect(forgotten.output).toContain("Erased 2 enquiries from layla.haddad@example.com");
  expect((await mail.operator("find", "layla.haddad@example.com")).output).toContain(
    "No enquiry from layla.haddad@example.com is stored.",
  );
  // Nobody else's enquiry goes with them.
  const others = await mail.operator("find", "omar@example.net");
  expect(others.output).toContain("1 enquiry from omar@example.net stored:");
  expect(others.output).toContain(otherId);
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

test("the operator refuses what is not an e-mail address, quotes and all", async () => {
  for (const address of ["nobody", "x' OR '1'='1@example.com", "a@b@c"]) {
    const refused = await mail.operator("forget", address);
    expect(refused.status).toBe(2);
    expect(refused.output).toContain("is not an e-mail address");
  }
  expect((await mail.operator("find", "omar@example.net")).output).toContain("1 enquiry from omar@example.net");
});
