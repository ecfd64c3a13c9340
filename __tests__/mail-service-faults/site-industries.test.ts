/**
 * @jest-environment node
 *
 * An industry an editor publishes reaches the mail service without a deploy of it: the service, on the Worker
 * runtime, reads the site's published list (/industries.json, served here by a site on this computer) at its
 * sweep, and counts an enquiry naming the new industry by its name, not as "other"; a site that then fails to
 * answer leaves the list it read in force, and the operator reads why in the log.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { dubaiMonth } from "mail-service/figures";
import { content, contents } from "../support/content";
import { anEnquiry, idOf, startTestMail, type TestMail } from "../mail-service/support/test-mail";

jest.setTimeout(180_000);

const SWEEP_CRON = "* * * * *";
const added = { en: "Space Tourism", ar: "السياحة الفضائية" };
/** What the site publishes: the industries of data/, and one an editor has just added. */
const published = () =>
  Object.fromEntries([
    ...content.industriesYaml.industries.map((name, index) => [name, contents.ar.industriesYaml.industries[index]]),
    [added.en, added.ar],
  ]);

let siteAnswers: "list" | "error" = "list";
let site: http.Server;
let mail: TestMail;

beforeAll(async () => {
  site = http.createServer((request, response) => {
    if (request.url !== "/industries.json" || siteAnswers === "error") return void response.writeHead(503).end();
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(published()));
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const address = `http://127.0.0.1:${(site.address() as AddressInfo).port}/industries.json`;
  // SITE_INDUSTRIES as the last deploy wrote it: without the new industry.
  mail = await startTestMail({ vars: { SITE_INDUSTRIES_URL: address } });
});

afterAll(async () => {
  await mail?.close();
  await new Promise((resolve) => site?.close(resolve));
});

/** How many of this month's enquiries the operator's report counts under an industry. */
async function countedUnder(industry: string): Promise<number> {
  const { status, output } = await mail.operator("report", "--month", dubaiMonth(Date.now()), "--csv");
  expect(status).toBe(0);
  const line = output.split("\n").find((row) => row.split(",")[2] === industry);
  return Number(line?.split(",")[3] ?? 0);
}

test("an industry published on the site is counted by its name once the sweep has read the site's list", async () => {
  const before = await countedUnder(added.en);
  await mail.service.runCron(undefined, SWEEP_CRON);
  await mail.waitForEvent("industries.updated", { industries: Object.keys(published()).length });
  const id = await idOf(await mail.post(anEnquiry({ industry: added.en })));
  await mail.waitForEvent("enquiry.delivered", { id });
  expect(await countedUnder(added.en)).toBe(before + 1);
});

test("a site that stops answering leaves the list it published in force, and the log says why", async () => {
  siteAnswers = "error";
  // Past the ten minutes the list is kept unread: the sweep asks the site again, which fails.
  await mail.service.runCron(Date.now() + 11 * 60_000, SWEEP_CRON);
  const failure = await mail.waitForEvent("industries.refresh-failed");
  expect(String(failure.reason)).toContain("answered 503");
  const before = await countedUnder(added.en);
  const id = await idOf(await mail.post(anEnquiry({ industry: added.en })));
  await mail.waitForEvent("enquiry.delivered", { id });
  expect(await countedUnder(added.en)).toBe(before + 1);
});
