/**
 * @jest-environment node
 *
 * What the staff do with what the spam policy held, on the Worker in wrangler's runtime delivering to a real SMTP
 * server: the morning digest in the sales inbox lists each held enquiry in English and Arabic with its "Not spam:
 * deliver it" link; opening the link (as a mail scanner does) changes nothing, its one button delivers the
 * enquiry once however often it is pressed, and a link altered or out of date says so; the operator lists the held
 * enquiries and delivers one; the sweep erases what was not delivered once its hold is over, and the monthly
 * figures count each of these.
 */
import fs from "node:fs";
import path from "node:path";
import type { ParsedMail } from "mailparser";
import { queryDatabase } from "mail-service/database";
import { readWranglerConfig } from "mail-service/local-service";
import { spamRetentionDays } from "../../plugins/build-settings";
import { DIGEST_CRON } from "mail-service/digest";
import { reviewLink } from "mail-service/review";
import {
  aCheck,
  anEnquiry,
  copiesOf,
  idOf,
  startTestMail,
  waitFor,
  type TestMail,
} from "../mail-service/support/test-mail";

jest.setTimeout(180_000);

/** The deployed hold, as the privacy notice reads it when the site is built (SPAM_RETENTION_DAYS). */
const SPAM_RETENTION_DAYS = spamRetentionDays();
const DAY = 24 * 60 * 60 * 1000;

let mail: TestMail;
beforeAll(async () => {
  mail = await startTestMail();
});
afterAll(async () => {
  await mail.close();
});

/** An enquiry a robot's form sends (its trap filled), held: its id, once the service says it held it. */
async function heldEnquiry(fields = {}): Promise<{ id: string; enquiry: ReturnType<typeof anEnquiry> }> {
  const enquiry = anEnquiry({ name: "Robertnuh", ...fields });
  const id = await idOf(await mail.post(enquiry, { check: await aCheck({ trap: "Robertnuh" }) }));
  await mail.waitForEvent("enquiry.held", { id });
  return { id, enquiry };
}

const digests = (emails: ParsedMail[]) => emails.filter((email) => email.headers.has("x-enquiry-digest"));

/** The digest's link for an enquiry, as its plain text gives it. */
function linkFor(digest: ParsedMail, name: string): string {
  const text = digest.text ?? "";
  const item = text.slice(text.indexOf(name));
  const link = /https?:\/\/\S+\/api\/v1\/held\/\S+/.exec(item)?.[0];
  if (!link) throw new Error(`No link for ${name} in the digest:\n${text}`);
  return link;
}

const page = async (response: Response) => ({ status: response.status, text: await response.text() });

test("the digest lists a held enquiry in both languages; its link's button delivers it once, opening it does not", async () => {
  const { id, enquiry } = await heldEnquiry({ message: "Please call me about 12 laptops (held by mistake)." });
  const before = mail.inbox.messages().length;

  await mail.service.runCron(Date.now(), DIGEST_CRON);
  const [digest] = digests(await mail.waitForEmails(before + 1));
  const sales = (readWranglerConfig().vars as Record<string, string>).SALES_ADDRESS;
  expect(digest?.to && "value" in digest.to ? digest.to.value[0]?.address : "").toBe(sales);
  expect(digest?.subject).toBe("Held as possible spam: 1 enquiry to look at");
  expect(digest?.text).toContain(enquiry.name);
  expect(digest?.text).toContain(enquiry.email);
  expect(digest?.text).toContain("Please call me about 12 laptops");
  expect(digest?.text).toContain("the field people leave empty was filled");
  expect(digest?.text).toContain("مُلئ الحقل الذي يتركه الناس فارغًا");
  expect(digest?.html).toContain('lang="ar" dir="rtl"');
  // A second morning lists only what is new: nothing, so no digest.
  await mail.service.runCron(Date.now(), DIGEST_CRON);

  const link = linkFor(digest as ParsedMail, enquiry.name);
  // Opened, as Outlook's Safe Links and Gmail open every link: the enquiry and its button, nothing delivered.
  const opened = await page(await fetch(link));
  expect(opened.status).toBe(200);
  expect(opened.text).toContain("Held as possible spam");
  expect(opened.text).toContain("Please call me about 12 laptops");
  expect(opened.text).toMatch(/<form method="post"[^>]*><button type="submit">Not spam: deliver it/);
  expect(copiesOf(await mail.received(), id)).toHaveLength(0);

  const pressed = await page(await fetch(link, { method: "POST" }));
  expect(pressed.status).toBe(200);
  expect(pressed.text).toContain("Delivered");
  await mail.waitForEvent("enquiry.delivered", { id });
  const pressedAgain = await page(await fetch(link, { method: "POST" }));
  expect(pressedAgain.text).toContain("Delivered already");
  expect((await page(await fetch(link))).text).toContain("Delivered already");
  // Once, however often: the e-mail of the enquiry itself, whole, and no other copy.
  await mail.service.runCron();
  const copies = copiesOf(await mail.received(), id);
  expect(copies).toHaveLength(1);
  expect(copies[0]?.text).toContain(enquiry.message);
  expect(digests(await mail.received())).toHaveLength(1);
});

test("a link altered, or past its hold, answers a page that says so and what to do, and delivers nothing", async () => {
  const { id, enquiry } = await heldEnquiry({ email: "altered@example.com" });
  const before = mail.inbox.messages().length;
  const answer = await fetch(`${mail.service.apiUrl.replace(/\/api\/v1$/, "")}/api/v1/digest?all=1`, {
    method: "POST",
    headers: { Authorization: `Bearer ${fs.readFileSync(path.join(mail.stateDir, "health-token"), "utf8")}` },
  });
  expect(answer.status).toBe(200);
  const digest = digests(await mail.waitForEmails(before + 1)).at(-1) as ParsedMail;
  const link = linkFor(digest, enquiry.email);

  const altered = link.replace(/sig=./, (start) => `${start.slice(0, -1)}${start.endsWith("A") ? "B" : "A"}`);
  const other = link.replace(id, "00000000-0000-4000-8000-000000000000");
  for (const wrong of [altered, other, `${link}x`, link.replace(/until=\d+/, "until=99999999999999")]) {
    const shown = await page(await fetch(wrong, { method: "POST" }));
    expect(shown.status).toBe(403);
    expect(shown.text).toContain("This link is not valid");
    expect(shown.text).toContain("Open the link from the digest e-mail again");
  }
  // A link signed as the service signs it, but for a hold that ended yesterday.
  const key = fs.readFileSync(path.join(mail.stateDir, "review-key"), "utf8").trim();
  const expired = await reviewLink(new URL(link).origin, id, Date.now() - DAY, key);
  const shown = await page(await fetch(expired, { method: "POST" }));
  expect(shown.status).toBe(410);
  expect(shown.text).toContain("This link has expired");
  expect(shown.text).toContain(`Held enquiries are kept ${SPAM_RETENTION_DAYS} days`);
  await mail.service.runCron();
  expect(copiesOf(await mail.received(), id)).toHaveLength(0);
});

test("the operator lists what is held, with why, and delivers one once; a visitor's release leaves it held", async () => {
  const { id, enquiry } = await heldEnquiry({ email: "operator-held@example.com", companyName: "Held Trading" });

  const listed = await mail.operator("spam");
  expect(listed.status).toBe(0);
  expect(listed.output).toContain(id);
  expect(listed.output).toContain(enquiry.message);
  expect(listed.output).toContain("the field people leave empty was filled");
  const json = JSON.parse((await mail.operator("spam", "--json")).output) as { id: string; email: string }[];
  expect(json.find((one) => one.id === id)).toMatchObject({ email: enquiry.email, companyName: "Held Trading" });
  expect((await mail.operator("list")).output).toContain(`${id}  HELD as possible spam`);

  // A visitor's release is for a visitor's hold: the policy's stays the staff's.
  const released = await mail.operator("release", enquiry.email);
  expect(released.output).toContain(`Held as possible spam, and left so: ${id}`);

  const delivered = await mail.operator("deliver", id);
  expect(delivered.output).toContain(`Enquiry ${id}, held as possible spam, will be delivered`);
  expect((await mail.operator("deliver", id)).output).toContain("was asked for already");
  await mail.service.runCron();
  await mail.waitForEvent("enquiry.delivered", { id });
  await mail.service.runCron();
  expect(copiesOf(await mail.received(), id)).toHaveLength(1);
  expect((await mail.operator("spam", "--json")).output).not.toContain(id);
});

test("what is not delivered is erased when its hold is over, and the month's figures count held, delivered, expired", async () => {
  const { id } = await heldEnquiry({ email: "expires@example.com" });
  await queryDatabase(
    `UPDATE enquiries SET received_at = received_at - ${(SPAM_RETENTION_DAYS + 1) * DAY} WHERE id = '${id}'`,
    { remote: false, state: mail.stateDir },
  );
  const kept = await heldEnquiry({ email: "kept@example.com" });
  await mail.service.runCron();
  const stored = async () =>
    (await queryDatabase<{ id: string }>("SELECT id FROM enquiries", { remote: false, state: mail.stateDir })).map(
      (row) => row.id,
    );
  await waitFor("the expired hold to be erased", stored, (ids) => !ids.includes(id));
  expect(await stored()).toContain(kept.id);

  const report = (await mail.operator("report")).output;
  // This month so far: the holds of the tests above (one moved a month back may have left it).
  expect(report).toMatch(/Held as possible spam\s+\d+/);
  expect(report).toMatch(/delivered after review\s+[1-9]/);
  expect(report).toContain("Why enquiries were held");
  expect(report).toContain("the field people leave empty was filled");
});
