/**
 * The monthly report's figures (migrations/0003_enquiry_figures.sql): what an enquiry is counted under when it
 * arrives, and a month's figures read back from the counts, with the month before for the change. Nothing here
 * holds what a visitor typed: a page or industry the site does not have is counted as "other".
 */
import { localizedPath, parsePath } from "enquiry-contract/languages";
import { SITE_ROUTES } from "enquiry-contract/pages";

/** Dubai keeps UTC+4 all year: its day starts at 20:00 UTC the day before. */
const DUBAI_OFFSET_MS = 4 * 60 * 60 * 1000;

/** The day (YYYY-MM-DD) it is in Dubai at `time`, as the company's figures are kept. */
export function dubaiDay(time: number): string {
  return new Date(time + DUBAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Dubai day an enquiry arrived on, in SQL, from its row in `enquiries` (as dubaiDay reckons it). */
export const ARRIVAL_DAY = "date(received_at / 1000 + 14400, 'unixepoch')";

/** The month (YYYY-MM) it is in Dubai at `time`. */
export function dubaiMonth(time: number): string {
  return dubaiDay(time).slice(0, 7);
}

/** The month before (2026-01 → 2025-12) or after (2025-12 → 2026-01). */
export function monthFrom(month: string, by: number): string {
  const [year = 0, number = 1] = month.split("-").map(Number);
  const date = new Date(Date.UTC(year, number - 1 + by, 1));
  return date.toISOString().slice(0, 7);
}

/**
 * The day a month's counts are kept under once the month is over: its days folded into one (rollUpSql), so that
 * no count of a day can point at the one enquiry of that day from a page, an industry or a language.
 */
export const monthKey = (month: string) => `${month}-00`;

/** YYYY-MM, a month of the Gregorian calendar from year 2000 on. */
export const MONTH = /^(2\d{3})-(0[1-9]|1[0-2])$/;

/** The measures and facets the store counts (the migration's CHECK and its comment). */
export type Measure = "received" | "delivered" | "failed" | "refused" | "held" | "released" | "expired";
export type Facet = "total" | "language" | "page" | "industry" | "spam" | "reason";
export type RefusalReason = "too-many" | "invalid";
export const OTHER = "other";

/**
 * What a stored enquiry is counted under: its language and page from the address it was sent from (only the
 * site's own pages; '' when the browser did not say), its industry when it is one of the site's (`industries`,
 * by their English name, the value the form sends), and whether its subject was marked as possible spam.
 */
export function intakeFacets(
  enquiry: { page: string | null; industry: string; spamSignals: readonly string[] },
  industries: ReadonlySet<string>,
): [Facet, string][] {
  let language = "";
  let page = "";
  if (enquiry.page) {
    const parsed = parsePath(new URL(enquiry.page).pathname);
    const known = (SITE_ROUTES as readonly string[]).includes(parsed.route);
    language = known ? parsed.language.code : OTHER;
    page = known ? localizedPath(parsed.route, "en") : OTHER;
  }
  const industry = enquiry.industry === "" ? "" : industries.has(enquiry.industry) ? enquiry.industry : OTHER;
  return [
    ["total", ""],
    ["language", language],
    ["page", page],
    ["industry", industry],
    ...(enquiry.spamSignals.length > 0 ? [["spam", "marked"] as [Facet, string]] : []),
  ];
}

/**
 * The SQL that reads each month's counts and delivery times from `from` to `to` (YYYY-MM, checked here, as the
 * operator's command sends it through wrangler as text), summed by month: the Worker's and the operator's report.
 */
export function figuresSql(from: string, to: string): { counts: string; times: string } {
  if (!MONTH.test(from) || !MONTH.test(to)) throw new Error(`Not a month (YYYY-MM): ${from} or ${to}.`);
  const days = `day >= '${monthKey(from)}' AND day < '${to}-32'`;
  return {
    counts: `SELECT substr(day, 1, 7) AS month, measure, facet, value, sum(count) AS count FROM enquiry_counts
             WHERE ${days} GROUP BY month, measure, facet, value`,
    times: `SELECT substr(day, 1, 7) AS month, seconds, sum(count) AS count FROM delivery_times
            WHERE ${days} GROUP BY month, seconds`,
  };
}

/** One row of enquiry_counts summed over a month. */
export interface CountRow {
  month: string;
  measure: Measure;
  facet: Facet;
  value: string;
  count: number;
}

/** One row of delivery_times summed over a month. */
export interface TimeRow {
  month: string;
  seconds: number;
  count: number;
}

export interface MonthFigures {
  month: string;
  received: number;
  spam: number;
  delivered: number;
  failed: number;
  refused: Record<RefusalReason | "total", number>;
  /** Held as possible spam (by each reason's code), delivered after the staff's review, erased unreviewed. */
  held: { total: number; byReason: Map<string, number>; released: number; expired: number };
  byLanguage: Map<string, number>;
  byPage: Map<string, number>;
  byIndustry: Map<string, number>;
  /** From arrival to delivery, in seconds; null when nothing was delivered. */
  deliverySeconds: { median: number; p95: number } | null;
}

/**
 * The value at a percentile of the delivery times (the nearest-rank method: the smallest time that at least
 * `percent` per cent of the deliveries took no longer than).
 */
function percentile(times: readonly TimeRow[], percent: number): number {
  const sorted = [...times].sort((a, b) => a.seconds - b.seconds);
  const total = sorted.reduce((sum, row) => sum + row.count, 0);
  const rank = Math.max(1, Math.ceil((percent / 100) * total));
  let seen = 0;
  for (const row of sorted) {
    seen += row.count;
    if (seen >= rank) return row.seconds;
  }
  return sorted.at(-1)?.seconds ?? 0;
}

/** Each month from `from` to `to`, with its figures (zero for a month without a count). */
export function monthFigures(from: string, to: string, counts: readonly CountRow[], times: readonly TimeRow[]) {
  const months: MonthFigures[] = [];
  for (let month = from; month <= to; month = monthFrom(month, 1)) {
    const rows = counts.filter((row) => row.month === month);
    const count = (measure: Measure, facet: Facet, value = "") =>
      rows.find((row) => row.measure === measure && row.facet === facet && row.value === value)?.count ?? 0;
    const facet = (name: Facet) =>
      new Map(
        rows
          .filter((row) => row.measure === "received" && row.facet === name && row.count > 0)
          .map((row) => [row.value, row.count]),
      );
    const delivered = times.filter((row) => row.month === month);
    months.push({
      month,
      received: count("received", "total"),
      spam: count("received", "spam", "marked"),
      delivered: count("delivered", "total"),
      failed: count("failed", "total"),
      refused: {
        total: count("refused", "reason", "too-many") + count("refused", "reason", "invalid"),
        "too-many": count("refused", "reason", "too-many"),
        invalid: count("refused", "reason", "invalid"),
      },
      held: {
        total: count("held", "total"),
        byReason: new Map(
          rows
            .filter((row) => row.measure === "held" && row.facet === "reason" && row.count > 0)
            .map((row) => [row.value, row.count]),
        ),
        released: count("released", "total"),
        expired: count("expired", "total"),
      },
      byLanguage: facet("language"),
      byPage: facet("page"),
      byIndustry: facet("industry"),
      deliverySeconds:
        delivered.length === 0 ? null : { median: percentile(delivered, 50), p95: percentile(delivered, 95) },
    });
  }
  return months;
}

/**
 * The SQL that folds every month before `month` (YYYY-MM, checked here) into one row of counts and of delivery
 * times each (monthKey): the figures stay the same, month by month, and the days are gone. Run in one batch.
 */
export function rollUpSql(month: string): string[] {
  if (!MONTH.test(month)) throw new Error(`Not a month (YYYY-MM): ${month}.`);
  const past = `day < '${monthKey(month)}' AND substr(day, 9, 2) != '00'`;
  return [
    `INSERT INTO enquiry_counts (day, measure, facet, value, count)
       SELECT substr(day, 1, 7) || '-00', measure, facet, value, sum(count) FROM enquiry_counts WHERE ${past}
       GROUP BY substr(day, 1, 7), measure, facet, value
     ON CONFLICT (day, measure, facet, value) DO UPDATE SET count = count + excluded.count`,
    `DELETE FROM enquiry_counts WHERE ${past}`,
    `INSERT INTO delivery_times (day, seconds, count)
       SELECT substr(day, 1, 7) || '-00', seconds, sum(count) FROM delivery_times WHERE ${past}
       GROUP BY substr(day, 1, 7), seconds
     ON CONFLICT (day, seconds) DO UPDATE SET count = count + excluded.count`,
    `DELETE FROM delivery_times WHERE ${past}`,
  ];
}
