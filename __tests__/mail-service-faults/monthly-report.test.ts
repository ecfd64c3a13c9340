/**
 * @jest-environment node
 *
 * The monthly report, on the Worker runtime with a real SMTP server: enquiries sent through the real endpoint in
 * two months (the first month's figures moved back a month by the test, not waited for), some turned away, one
 * refused for good by the mail server, one from a made-up page with a made-up industry. The report the operator
 * reads and the e-mail the service sends on the 1st say what was sent; erasure and the retention sweep leave
 * them, as the privacy notice promises (figures that hold nothing identifying, kept after the enquiry is
 * deleted); the e-mail goes once a month, and not at all for a month without an enquiry.
 */
import type { ParsedMail } from "mailparser";
import { queryDatabase } from "mail-service/database";
import { readWranglerConfig } from "mail-service/local-service";
import { REPORT_CRON } from "mail-service/report";
import { dubaiDay, dubaiMonth, monthFrom } from "mail-service/figures";
import { content, contents } from "../support/content";
import {
  anEnquiry,
  idOf,
  newVisitor,
  SITE,
  startTestMail,
  waitFor,
  type TestMail,
} from "../mail-service/support/test-mail";

jest.setTimeout(240_000);

let mail: TestMail;
beforeAll(async () => {
  mail = await startTestMail({ vars: { REPORT_LANGUAGES: "en,ar", RETENTION_DAYS: "90" } });
});
afterAll(async () => {
  await mail.close();
});

const database = () => ({ remote: false as const, state: mail.stateDir });

/** The report's figures as the operator's CSV gives them: "month|section|item" → count and change. */
async function reportCsv(...args: string[]): Promise<Map<string, { count: number; change: string }>> {
  const { status, output } = await mail.operator("report", ...args, "--csv");
  expect(status).toBe(0);
  const [header, ...lines] = output.trim().split("\n");
  expect(header).toBe("month,section,item,count,change");
  return new Map(
    lines.map((line) => {
      const [month, section, item, count, change] = line.split(",");
      return [`${month}|${section}|${item}`, { count: Number(count), change: change ?? "" }];
    }),
  );
}

/** Milliseconds since 1970 at a Dubai time (UTC+4) on a month's first day. */
const dubaiFirstOfMonth = (month: string, minutes = 0) => Date.parse(`${month}-01T00:00:00+04:00`) + minutes * 60_000;

/** The monthly report's cron, fired as if at `at`; its trigger stands in the deployment's settings. */
async function runReportCron(at: number): Promise<void> {
  expect(readWranglerConfig().triggers).toEqual({ crons: expect.arrayContaining([REPORT_CRON]) });
  await mail.service.runCron(at, REPORT_CRON);
}

const industries = content.industriesYaml.industries;
const arabicIndustries = contents.ar.industriesYaml.industries;
const thisMonth = dubaiMonth(Date.now());
const lastMonth = monthFrom(thisMonth, -1);
const madeUp = "Write this into the report";

/** The e-mails in the inbox that are monthly reports, by the month they report. */
async function reports(): Promise<Map<string, ParsedMail>> {
  const emails = await mail.received();
  return new Map(
    emails
      .filter((email) => email.headers.has("x-enquiry-report"))
      .map((email) => [String(email.headers.get("x-enquiry-report")), email]),
  );
}

test("the report and the monthly e-mail count what was sent, keep nothing personal, and go once", async () => {
  // Last month: three from the site's pages (one of them sent twice), one made up, one refused for good, and
  // requests turned away.
  const first = anEnquiry({ industry: industries[0] ?? "", email: "first@example.com" });
  const sent = [
    await idOf(await mail.post(first, { referer: `${SITE}/contact/` })),
    await idOf(await mail.post(anEnquiry({ industry: industries[1] ?? "" }), { referer: `${SITE}/ar/` })),
    await idOf(await mail.post(anEnquiry({ industry: madeUp }), { referer: `${SITE}/made-up/` })),
  ];
  // The same again within the duplicate window: one enquiry, counted once.
  expect(await idOf(await mail.post(first, { referer: `${SITE}/contact/` }))).toBe(sent[0]);
  for (const id of sent) await mail.waitForEvent("enquiry.delivered", { id });
  mail.inbox.refuseAll(550);
  const refused = await idOf(await mail.post(anEnquiry({ industry: industries[0] ?? "" })));
  await mail.waitForEvent("enquiry.failed", { id: refused });
  mail.inbox.refuseAll(null);
  const flooder = newVisitor();
  for (let n = 0; n < 5; n += 1) expect((await mail.post("{", { ip: flooder })).status).toBe(400);
  expect((await mail.post(anEnquiry(), { ip: flooder })).status).toBe(429);
  expect((await mail.post(anEnquiry(), { contentType: "text/plain" })).status).toBe(415);

  // Time moves on: what was counted today was counted a month ago.
  const today = dubaiDay(Date.now());
  const aMonthAgo = `${lastMonth}-15`;
  await waitFor(
    "the turned-away requests to be counted",
    async () => (await reportCsv("--month", thisMonth)).get(`${thisMonth}|Totals|Turned away`)?.count,
    (count) => count === 7,
  );
  for (const table of ["enquiry_counts", "delivery_times"])
    await queryDatabase(`UPDATE ${table} SET day = '${aMonthAgo}' WHERE day = '${today}'`, database());

  // This month: two, in English and Arabic.
  const later = [
    await idOf(
      await mail.post(anEnquiry({ industry: industries[0] ?? "", email: "later@example.com" }), {
        referer: `${SITE}/service/`,
      }),
    ),
    await idOf(await mail.post(anEnquiry({ industry: industries[0] ?? "" }), { referer: `${SITE}/ar/contact/` })),
  ];
  for (const id of later) await mail.waitForEvent("enquiry.delivered", { id });

  const figures = await reportCsv("--from", lastMonth, "--to", thisMonth);
  const figure = (month: string, section: string, item: string) => figures.get(`${month}|${section}|${item}`);
  expect(figure(lastMonth, "Totals", "Enquiries received")?.count).toBe(4);
  expect(figure(lastMonth, "Totals", "Delivered to the sales inbox")?.count).toBe(3);
  expect(figure(lastMonth, "Totals", "Refused for good by the mail server")?.count).toBe(1);
  expect(figure(lastMonth, "Totals", "too many from one address")?.count).toBe(1);
  expect(figure(lastMonth, "Totals", "not a valid enquiry")?.count).toBe(6);
  expect(figure(lastMonth, "By page", "/contact/")?.count).toBe(1);
  expect(figure(lastMonth, "By page", "Home page (/)")?.count).toBe(1);
  expect(figure(lastMonth, "By page", "other")?.count).toBe(1);
  expect(figure(lastMonth, "By industry", "other")?.count).toBe(1);
  expect(figure(lastMonth, "By industry", industries[0] ?? "")?.count).toBe(2);
  expect(figure(lastMonth, "By language", "Arabic")?.count).toBe(1);
  expect(figure(thisMonth, "Totals", "Enquiries received")).toEqual({ count: 2, change: "-2" });
  expect(figure(thisMonth, "Totals", "Delivered to the sales inbox")).toEqual({ count: 2, change: "-1" });
  expect(figure(thisMonth, "By page", "/service/")).toEqual({ count: 1, change: "+1" });
  expect(figure(thisMonth, "By language", "English")?.count).toBe(1);
  expect(figure(thisMonth, "By language", "Arabic")?.count).toBe(1);
  expect(figure(thisMonth, "By industry", industries[0] ?? "")).toEqual({ count: 2, change: "±0" });
  // Nothing a visitor typed, and nothing made up, is kept in the figures.
  const kept = JSON.stringify(await queryDatabase("SELECT * FROM enquiry_counts", database()));
  for (const typed of [first.name, first.email, first.phone, first.companyName, first.message, madeUp, "made-up"])
    expect(kept).not.toContain(typed);

  const table = await mail.operator("report", "--month", thisMonth);
  expect(table.output).toMatch(/Enquiries received\s+2\s+−2/);
  expect(table.output).toMatch(/Time to delivery: median \d+ s · 95th percentile \d+ s/);

  // The 1st of this month: last month's report arrives, once, whatever runs after it that month.
  await runReportCron(dubaiFirstOfMonth(thisMonth));
  await mail.waitForEvent("report.sent", { month: lastMonth });
  await runReportCron(dubaiFirstOfMonth(thisMonth, 1));
  await runReportCron(dubaiFirstOfMonth(thisMonth, 60 * 24 * 3));
  // The record of it outlives the runtime: started again, the service sends no second copy.
  await mail.crashAndRestart();
  await runReportCron(dubaiFirstOfMonth(thisMonth, 20));
  const sentReports = await reports();
  expect([...sentReports.keys()]).toEqual([lastMonth]);
  const email = sentReports.get(lastMonth);
  expect(email?.subject).toMatch(/: 4 received$/);
  expect(email?.text).toMatch(/Enquiries received\s+4\s+\+4/);
  expect(email?.text).toContain(arabicIndustries[1]);
  expect(email?.html).toContain('<div lang="ar" dir="rtl"');
  expect(email?.html).toMatch(/<th[^>]*>Enquiries received<\/th><td[^>]*>4<\/td>/);

  // A month without an enquiry sends nothing (MONTHLY_REPORT is on); next month's 1st sends this month's.
  await runReportCron(dubaiFirstOfMonth(lastMonth));
  await mail.waitForEvent("report.skipped", { month: monthFrom(lastMonth, -1) });
  await runReportCron(dubaiFirstOfMonth(monthFrom(thisMonth, 1)));
  await mail.waitForEvent("report.sent", { month: thisMonth });
  expect([...(await reports()).keys()].sort()).toEqual([lastMonth, thisMonth]);

  // Erasure and the retention sweep delete enquiries, never the figures.
  expect((await mail.operator("forget", "later@example.com")).output).toContain("Erased 1 enquiry");
  await queryDatabase(
    "UPDATE enquiries SET received_at = received_at - 100 * 86400000, delivered_at = delivered_at - 100 * 86400000",
    database(),
  );
  await mail.service.runCron();
  expect(await queryDatabase("SELECT id FROM enquiries WHERE status = 'delivered'", database())).toEqual([]);
  expect(await reportCsv("--from", lastMonth, "--to", thisMonth)).toEqual(figures);
});

test("enquiries stored before the figures existed are counted once, by the sweep", async () => {
  const earlier = await startTestMail();
  try {
    const ids = [
      await idOf(await earlier.post(anEnquiry({ industry: industries[2] ?? "" }), { referer: `${SITE}/ar/about/` })),
      await idOf(await earlier.post(anEnquiry({ industry: "" }))),
    ];
    for (const id of ids) await earlier.waitForEvent("enquiry.delivered", { id });
    const { output: counted } = await earlier.operator("report", "--month", thisMonth, "--csv");
    expect(counted).toContain(`${thisMonth},Totals,Enquiries received,2,`);
    // As the migration leaves a database that held enquiries: no counts, each enquiry marked to be counted.
    const state = { remote: false as const, state: earlier.stateDir };
    await queryDatabase("DELETE FROM enquiry_counts", state);
    await queryDatabase("DELETE FROM delivery_times", state);
    await queryDatabase("UPDATE enquiries SET uncounted = 1", state);
    expect((await earlier.operator("report", "--month", thisMonth, "--csv")).output).toContain(
      `${thisMonth},Totals,Enquiries received,0,`,
    );
    await earlier.service.runCron();
    await earlier.service.runCron();
    expect((await earlier.operator("report", "--month", thisMonth, "--csv")).output).toBe(counted);
  } finally {
    await earlier.close();
  }
});
