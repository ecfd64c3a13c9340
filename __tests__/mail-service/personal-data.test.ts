/**
 * @jest-environment node
 *
 * What the privacy notice promises a visitor, done by the operator on the
 * Worker runtime's own database: every enquiry from an address found and
 * shown whole (a request for a copy), and erased (a request for erasure),
 * whatever case the visitor typed the address in, and nobody else's. What the
 * service keeps and for how long, and what its logs hold, are drilled in
 * __tests__/mail-service-faults/personal-data-drills.test.ts (test:full).
 */
import { readWranglerConfig } from "mail-service/local-service";
import { anEnquiry, idOf, SITE, startTestMail, type TestMail } from "./support/test-mail";

jest.setTimeout(120_000);

let mail: TestMail;
beforeAll(async () => {
  mail = await startTestMail();
});
afterAll(async () => {
  await mail.close();
});

test("the operator finds every enquiry from an address, shows all it holds, and erases them on request", async () => {
  const first = anEnquiry({ email: "layla.haddad@example.com", name: "Layla Haddad", phone: "+971 55 010 2030" });
  const second = anEnquiry({
    email: " Layla.Haddad@Example.com ",
    // What a spreadsheet would run as a formula, typed into the form.
    name: "=1+1 Layla Haddad",
    companyName: "Haddad Logistics",
    message: "Our <b>urgent</b> request: please call",
  });
  const someoneElse = anEnquiry({ email: "omar@example.net", name: "Omar Saleh" });
  const ids = [
    await idOf(await mail.post(first, { referer: `${SITE}/ar/contact/` })),
    await idOf(await mail.post(second)),
  ];
  const otherId = await idOf(await mail.post(someoneElse));
  await mail.waitForEmails(3);

  // A copy to hand over, in a common format: every field of each enquiry, named.
  const json = await mail.operator("find", "layla.haddad@example.com", "--json");
  const copies = JSON.parse(json.output) as Record<string, unknown>[];
  expect(copies.map((copy) => copy.id)).toEqual(ids);
  expect(copies[0]).toMatchObject({
    name: first.name,
    email: first.email,
    mobileNumber: first.phone,
    message: first.message,
    sentFrom: `${SITE}/ar/contact/`,
    delivery: "delivered",
  });
  const csv = (await mail.operator("find", "layla.haddad@example.com", "--csv")).output.trim().split("\n");
  expect(csv[0]?.split(",")).toEqual(Object.keys(copies[0] ?? {}));
  expect(csv).toHaveLength(1 + ids.length);
  expect(csv.join("\n")).toContain(second.message);
  // Opened in a spreadsheet, the name and the mobile number are text as typed, never a formula.
  expect(csv[2]?.split(",")).toContain("'=1+1 Layla Haddad");
  expect(csv[1]).toContain(`'${first.phone}`);
  expect(csv.join("\n")).not.toMatch(/(^|,)[=+@-]/m);

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
    // Everything else the service holds about them: where it was sent from, in which language, and why the
    // second was marked as possible spam.
    `sent from: ${SITE}/ar/contact/ (Arabic page)`,
    "marked as possible spam: markup in message",
  ])
    expect(found.output).toContain(line);
  expect(found.output).toContain("marked as possible spam: no");
  expect(found.output).not.toContain(otherId);
  expect(found.output).not.toContain("Omar Saleh");

  const forgotten = await mail.operator("forget", "layla.haddad@example.com");
  expect(forgotten.status).toBe(0);
  expect(forgotten.output).toContain("Erased 2 enquiries from layla.haddad@example.com");
  // What it cannot reach, as the privacy notice says: the sales inbox, and the database's own backup.
  expect(forgotten.output).toContain("in the sales inbox, which the service cannot reach");
  // For as long as the account's plan keeps the database's past, as the deployment's settings say.
  const restoreDays = (readWranglerConfig().vars as Record<string, string>).RESTORE_DAYS;
  expect(forgotten.output).toContain(`Time Travel can still restore them for up to ${restoreDays} days`);
  expect((await mail.operator("find", "layla.haddad@example.com")).output).toContain(
    "No enquiry from layla.haddad@example.com is stored.",
  );
  // Nobody else's enquiry goes with them.
  const others = await mail.operator("find", "omar@example.net");
  expect(others.output).toContain("1 enquiry from omar@example.net stored:");
  expect(others.output).toContain(otherId);
});

test("the operator refuses what is neither an e-mail address nor a mobile number, quotes and all", async () => {
  for (const address of ["nobody", "x' OR '1'='1@example.com", "a@b@c", "050' OR 1=1 --", "12345"]) {
    const refused = await mail.operator("forget", address);
    expect(refused.status).toBe(2);
    expect(refused.output).toContain("is neither an e-mail address");
  }
  expect((await mail.operator("find", "omar@example.net")).output).toContain("1 enquiry from omar@example.net");
});

test("a visitor who left the e-mail empty is found, and erased, by mobile number however it is written", async () => {
  const withoutEmail = anEnquiry({ email: "", name: "Khalid Rahman", phone: "050 777 1234" });
  const id = await idOf(await mail.post(withoutEmail));
  const other = await idOf(await mail.post(anEnquiry({ email: "", phone: "+971 50 777 9999" })));
  await mail.waitForEvent("enquiry.delivered", { id });

  for (const written of ["+971 50 777 1234", "00971507771234", "050-777-1234"]) {
    const found = await mail.operator("find", written);
    expect(found.output).toContain(`1 enquiry from mobile number ${written} stored:`);
    expect(found.output).toContain("name: Khalid Rahman");
    expect(found.output).toContain("e-mail: (left empty)");
    expect(found.output).not.toContain(other);
  }
  const forgotten = await mail.operator("forget", "+971 50 777 1234");
  expect(forgotten.output).toContain(`Erased 1 enquiry from mobile number +971 50 777 1234: ${id}.`);
  expect((await mail.operator("find", "0507771234")).output).toContain("No enquiry from mobile number 0507771234");
  expect((await mail.operator("find", "+971 50 777 9999")).output).toContain(other);
});
