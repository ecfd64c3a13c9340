/**
 * The figures' work at the crons (migrations/0003_enquiry_figures.sql): at the sweep's, counting once the
 * enquiries stored before the figures existed; at REPORT_CRON's, on the first day of each month, e-mailing the
 * report for the month just ended to the sales address, by the enquiries' own way out. The report goes once:
 * claimed in the store before it is sent, marked sent after; a run that crashed or failed lets its claim lapse, and
 * a later one that day sends it.
 */
import { dubaiMonth, monthFigures, monthFrom } from "./core/figures";
import { composeReportEmail } from "./core/report";
import type { Settings } from "./core/settings";
import { log } from "./log";
import { siteIndustries } from "./site-industries";
import { enquiryStore } from "./store";
import { transportFor } from "./transports";

/** How long a run's claim on the month's report holds: past it, a later run sends it (a crash, a failed send). */
const REPORT_CLAIM_MS = 10 * 60_000;
/** Enquiries counted a run, a batch at a time, while any stored before the figures existed are left. */
const COUNT_BATCH = 100;
const COUNT_PER_RUN = 1000;

/** Counts the enquiries stored before the figures existed, up to COUNT_PER_RUN a run. */
export async function countEarlierEnquiries(env: Env, settings: Settings): Promise<void> {
  const store = enquiryStore(env.DB);
  const industries = new Set((await siteIndustries(env, settings)).keys());
  let counted = 0;
  while (counted < COUNT_PER_RUN) {
    const batch = await store.countUncounted(industries, COUNT_BATCH);
    if (batch === 0) break;
    counted += batch;
  }
  if (counted > 0) log("info", "figures.counted-earlier", { enquiries: counted });
}

/** Sends the report of the month before `now`'s, unless it has gone (or is going) already, or is not wanted. */
export async function sendMonthlyReport(env: Env, settings: Settings, now: number): Promise<void> {
  if (settings.monthlyReport === "off") return;
  const store = enquiryStore(env.DB);
  // The figures are whole only once every earlier enquiry is counted: the report waits for the next run.
  if (await store.anyUncounted()) return;
  const month = monthFrom(dubaiMonth(now), -1);
  if (!(await store.claimReport(month, now, now - REPORT_CLAIM_MS))) return;
  try {
    const before = monthFrom(month, -1);
    const { counts, times } = await store.figures(before, month);
    const [previous, current] = monthFigures(before, month, counts, times);
    if (!current || !previous) throw new Error(`No figures were read for ${month}.`);
    if (settings.monthlyReport === "on" && current.received === 0) {
      await store.settleReport(month, "skipped", now);
      log("info", "report.skipped", { month, reason: "No enquiry arrived that month (MONTHLY_REPORT is on)." });
      return;
    }
    // Named as the site names its industries now, in each language of the report.
    const named = { ...settings, industries: await siteIndustries(env, settings) };
    await transportFor(settings, env).send(await composeReportEmail(current, previous, named));
    await store.settleReport(month, "sent", Date.now());
    log("info", "report.sent", { month, received: current.received });
  } catch (error) {
    await store.settleReport(month, "failed", Date.now()).catch(() => undefined);
    log("error", "report.failed", {
      month,
      reason: String(error),
      todo: "The monthly report e-mail could not be sent; it is tried again in ten minutes. `npm run mail:operator -- report` shows the same figures.",
    });
  }
}
