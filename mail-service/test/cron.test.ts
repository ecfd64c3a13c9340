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
import { anEnquiry, rowOf, storeEnquiry } from "./support";

const SWEEP_CRON = "* * * * *";
const DAY = 24 * 60 * 60_000;

/** Runs the cron; its second sweep, half a minute on, is left to run or not: no test here waits for it. */
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
  const counts = () => env.DB.prepare("SELECT * FROM enquiry_counts ORDER BY day, measure, facet, value").all();
  const before = (await counts()).results;
  expect(before.length).toBeGreaterThan(0);
  await runCron(SWEEP_CRON);
  expect(await rowOf(id)).toBeNull();
  expect((await counts()).results).toEqual(before);
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
