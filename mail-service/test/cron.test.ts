/**
 * The cron's work, through the scheduled handler called directly: the sweep queues again what no delivery took in
 * time (and the queue then delivers it), deletes what the retention period is over for while the counts stay, and
 * on the 1st the monthly report goes once.
 */
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, test, vi } from "vitest";
import worker from "../src/index";
import { REPORT_CRON } from "../src/core/report";
import { dubaiMonth, monthFrom } from "../src/core/figures";
import { enquiryStore } from "../src/store";
import { anEnquiry, rowOf, storeEnquiry } from "./support";

const SWEEP_CRON = "* * * * *";
const DAY = 24 * 60 * 60_000;

/** Runs the cron; its second sweep, 20 seconds on, is left to run or not: no test here waits for it. */
async function runCron(cron: string, scheduledTime = Date.now()): Promise<void> {
  await worker.scheduled(createScheduledController({ cron, scheduledTime }), env, createExecutionContext());
}

test("the sweep queues again an enquiry no delivery took in time, and the queue delivers it", async () => {
  // Stored a minute ago, its queue message lost (a crash): due for the sweep since.
  const id = await storeEnquiry(anEnquiry(), { receivedAt: Date.now() - 60_000, requeueAt: Date.now() - 1 });
  await runCron(SWEEP_CRON);
  await vi.waitFor(async () => expect(await rowOf(id)).toMatchObject({ status: "delivered", attempts: 1 }), {
    timeout: 5_000,
  });
});

test("the sweep leaves alone an enquiry whose delivery is not yet due", async () => {
  const id = await storeEnquiry(anEnquiry());
  await runCron(SWEEP_CRON);
  expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 0 });
});

test("past the retention period a delivered enquiry is deleted, and the month's counts keep it", async () => {
  const days = Number(env.RETENTION_DAYS);
  const receivedAt = Date.now() - (days + 1) * DAY;
  const id = await storeEnquiry(anEnquiry(), { receivedAt });
  await env.DB.prepare("UPDATE enquiries SET status = 'delivered', delivered_at = ? WHERE id = ?")
    .bind(receivedAt + 1_000, id)
    .run();
  // The month's figures, as the report reads them: the sweep also folds that month's days into one.
  const month = dubaiMonth(receivedAt);
  const figures = () => enquiryStore(env.DB).figures(month, month);
  const before = await figures();
  expect(before.counts.length).toBeGreaterThan(0);
  await runCron(SWEEP_CRON);
  expect(await rowOf(id)).toBeNull();
  expect(await figures()).toEqual(before);
});

test("on the 1st the report of the month before goes once; a second run sends nothing", async () => {
  const now = Date.now();
  const month = monthFrom(dubaiMonth(now), -1);
  // An enquiry of the month before, so the report has something to say (MONTHLY_REPORT is on).
  await storeEnquiry(anEnquiry(), { receivedAt: Date.parse(`${month}-15T08:00:00+04:00`) });
  const state = () =>
    env.DB.prepare("SELECT value, since FROM service_state WHERE key = ?")
      .bind(`monthly_report:${month}`)
      .first<{ value: string; since: number }>();
  await runCron(REPORT_CRON, now);
  const sent = await state();
  expect(sent?.value).toBe("sent");
  await runCron(REPORT_CRON, now + 10 * 60_000);
  expect(await state()).toEqual(sent);
});

test("the sweep keeps the months before this one by month alone: their days folded, the figures the same", async () => {
  const month = monthFrom(dubaiMonth(Date.now()), -1);
  const earlier = monthFrom(month, -1);
  const figures = () => enquiryStore(env.DB).figures(earlier, month);
  await env.DB.batch(
    ["03", "17"].map((day) =>
      env.DB.prepare(
        "INSERT INTO enquiry_counts (day, measure, facet, value, count) VALUES (?, 'received', 'industry', 'Aviation', 1)",
      ).bind(`${month}-${day}`),
    ),
  );
  await env.DB.prepare("INSERT INTO delivery_times (day, seconds, count) VALUES (?, 2, 1)").bind(`${month}-17`).run();
  const before = await figures();
  await runCron(SWEEP_CRON);
  const days = await env.DB.prepare("SELECT DISTINCT day FROM enquiry_counts WHERE day LIKE ?")
    .bind(`${month}-%`)
    .all<{ day: string }>();
  expect(days.results.map(({ day }) => day)).toEqual([`${month}-00`]);
  expect(await figures()).toEqual(before);
  // This month's days are left as they are, to be counted on.
  const thisMonth = `${dubaiMonth(Date.now())}-01`;
  await env.DB.prepare(
    "INSERT INTO enquiry_counts (day, measure, facet, value, count) VALUES (?, 'received', 'industry', 'Shipping', 1)",
  )
    .bind(thisMonth)
    .run();
  await runCron(SWEEP_CRON);
  const kept = await env.DB.prepare("SELECT count FROM enquiry_counts WHERE day = ? AND value = 'Shipping'")
    .bind(thisMonth)
    .first<{ count: number }>();
  expect(kept?.count).toBe(1);
});
