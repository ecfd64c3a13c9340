/**
 * The enquiries in D1 (migrations/): stored before the visitor is answered,
 * then held by one delivery at a time, marked delivered or failed, queued again
 * by the cron sweep when overdue, and deleted after the retention period once
 * delivered or refused. Beside them, the service's own state: the one alert
 * while a setting holds every delivery back, and the last delivery error.
 */
import type { IncomingEnquiry } from "./core/http-api";
import type { StoredEnquiry } from "./core/message";
import { SPAM_HELD, type SpamReason } from "./core/spam";
import {
  ARRIVAL_DAY,
  dubaiDay,
  figuresSql,
  rollUpSql,
  intakeFacets,
  type CountRow,
  type Facet,
  type Measure,
  type RefusalReason,
  type TimeRow,
} from "./core/figures";

interface EnquiryRow {
  id: string;
  received_at: number;
  page: string | null;
  industry: string;
  name: string;
  phone: string;
  company_name: string;
  email: string;
  message: string;
  spam_signals: string;
  attempts: number;
  data_sent_at: number | null;
}

/** Refusals counted a day at most: past it a flood of refused requests writes nothing more. */
export const REFUSED_DAILY_CAP = 10_000;

const COUNT_CONFLICT = "ON CONFLICT (day, measure, facet, value) DO UPDATE SET count = count + 1";

/**
 * One statement that adds one to each count of `counts` on `day`, when the statement before it in its batch
 * changed a row (changes()): the counts go with the change they count, in the same transaction, once.
 */
function countAfterChange(db: D1Database, day: string, counts: [Measure, Facet, string][]): D1PreparedStatement {
  const values = counts.map(() => "(?, ?, ?)").join(", ");
  return db
    .prepare(
      `INSERT INTO enquiry_counts (day, measure, facet, value, count)
       SELECT ?, column1, column2, column3, 1 FROM (VALUES ${values}) WHERE changes() > 0 ${COUNT_CONFLICT}`,
    )
    .bind(day, ...counts.flat());
}

/** Adds a delivery time (whole seconds, rounded up) on its arrival day, when the statement before it changed a row. */
function timeAfterChange(db: D1Database, day: string, milliseconds: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO delivery_times (day, seconds, count) SELECT ?, CAST(? AS INTEGER), 1 WHERE changes() > 0
       ON CONFLICT (day, seconds) DO UPDATE SET count = count + 1`,
    )
    .bind(day, Math.max(0, Math.ceil(milliseconds / 1000)));
}

/** An enquiry held as possible spam, with why. */
export type HeldEnquiry = ReturnType<typeof fromRow> & { spamReasons: SpamReason[] };

/** The conditions of the whole service the store keeps (service_state), by key. */
export type StateKey = "delivery_blocked" | "last_delivery_error" | "site_industries";

function fromRow(row: EnquiryRow): StoredEnquiry & { attempts: number; dataSentAt: number | null } {
  return {
    id: row.id,
    receivedAt: row.received_at,
    page: row.page,
    industry: row.industry,
    name: row.name,
    phone: row.phone,
    companyName: row.company_name,
    email: row.email,
    message: row.message,
    spamSignals: JSON.parse(row.spam_signals) as string[],
    attempts: row.attempts,
    dataSentAt: row.data_sent_at,
  };
}

export function enquiryStore(db: D1Database) {
  return {
    /**
     * Inserts the enquiry unless one with the same fingerprint arrived since
     * `duplicateSince` (one statement, so two identical requests at once keep
     * one); resolves with the id that holds it and, for a new one, where it
     * stands among the enquiries of the minute before it, from anyone, in the
     * order they were stored (1 when it is the first): the whole service's pace,
     * read in the same statement, as this is the one write every visitor waits for.
     */
    async insert(
      enquiry: IncomingEnquiry,
      {
        duplicateSince,
        requeueAt,
        industries,
      }: { duplicateSince: number | null; requeueAt: number; industries: ReadonlySet<string> },
    ): Promise<{ id: string; duplicate: boolean; placeInMinute: number }> {
      const held = enquiry.heldAsSpam;
      const values = [
        enquiry.id,
        enquiry.receivedAt,
        enquiry.origin,
        enquiry.page,
        enquiry.industry,
        enquiry.name,
        enquiry.phone,
        enquiry.companyName,
        enquiry.email,
        enquiry.message,
        enquiry.fingerprint,
        JSON.stringify(enquiry.spamSignals),
        requeueAt,
        held ? enquiry.receivedAt : null,
        held ? JSON.stringify(enquiry.spamReasons) : null,
        enquiry.messageHash,
      ];
      const minuteBefore = enquiry.receivedAt - 60_000;
      const insert = `INSERT INTO enquiries (id, received_at, origin, page, industry, name, phone, company_name, email,
        message, fingerprint, spam_signals, next_attempt_at, held_since, spam_reasons, message_hash)
        SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?`;
      const place = `RETURNING 1 + (SELECT count(*) FROM enquiries AS earlier
        WHERE earlier.received_at >= ? AND earlier.rowid < enquiries.rowid) AS place`;
      const insertStatement =
        duplicateSince === null
          ? db.prepare(`${insert} ${place}`).bind(...values, minuteBefore)
          : db
              .prepare(
                `${insert} WHERE NOT EXISTS (SELECT 1 FROM enquiries WHERE fingerprint = ? AND received_at >= ?) ${place}`,
              )
              .bind(...values, enquiry.fingerprint, duplicateSince, minuteBefore);
      // Counted with the insert, in its transaction: a duplicate (nothing inserted) is not counted again. One held
      // as possible spam is counted held, by its reasons, and received only once the staff deliver it.
      const [stored] = await db.batch<{ place: number }>([
        insertStatement,
        countAfterChange(
          db,
          dubaiDay(enquiry.receivedAt),
          held
            ? [
                ["held", "total", ""],
                ...[...new Set(enquiry.spamReasons.map(({ code }) => code))].map((code): [Measure, Facet, string] => [
                  "held",
                  "reason",
                  code,
                ]),
              ]
            : intakeFacets(enquiry, industries).map(([facet, value]) => ["received", facet, value]),
        ),
      ]);
      const inserted = stored?.results[0];
      if (inserted) return { id: enquiry.id, duplicate: false, placeInMinute: inserted.place };
      const earlier = await db
        .prepare("SELECT id FROM enquiries WHERE fingerprint = ? AND received_at >= ? ORDER BY received_at LIMIT 1")
        .bind(enquiry.fingerprint, duplicateSince)
        .first<{ id: string }>();
      return { id: earlier?.id ?? enquiry.id, duplicate: true, placeInMinute: 0 };
    },

    /**
     * Whether a proof of work's nonce was sent before; records it (until it would be stale anyway) when not, in the
     * same statement, so that two requests with one proof cannot both pass.
     */
    async proofSentBefore(nonce: string, until: number): Promise<boolean> {
      const row = await db
        .prepare(
          "INSERT INTO used_proofs (nonce, until) VALUES (?, ?) ON CONFLICT (nonce) DO NOTHING RETURNING 1 AS new",
        )
        .bind(nonce, until)
        .first<{ new: number }>();
      return row === null;
    },

    /** How many enquiries with this message, from senders other than this one, arrived since `since`. */
    async sameMessageSince(messageHash: string, fingerprint: string, since: number): Promise<number> {
      const row = await db
        .prepare(
          "SELECT count(*) AS count FROM enquiries WHERE message_hash = ? AND received_at >= ? AND fingerprint != ?",
        )
        .bind(messageHash, since, fingerprint)
        .first<{ count: number }>();
      return row?.count ?? 0;
    },

    /** The enquiries held as possible spam, oldest first, with why; those not yet in a digest when `unlisted`. */
    async heldAsSpam({ unlisted = false }: { unlisted?: boolean } = {}): Promise<HeldEnquiry[]> {
      const { results } = await db
        .prepare(
          `SELECT * FROM enquiries WHERE ${SPAM_HELD}
           ${unlisted ? "AND listed_at IS NULL" : ""} ORDER BY received_at`,
        )
        .all<EnquiryRow & { spam_reasons: string }>();
      return results.map((row) => ({ ...fromRow(row), spamReasons: JSON.parse(row.spam_reasons) as SpamReason[] }));
    },

    /** A held enquiry, by its id, or null when it is not one (delivered already, erased, never held). */
    async heldOne(id: string): Promise<HeldEnquiry | null> {
      const row = await db
        .prepare(`SELECT * FROM enquiries WHERE id = ? AND ${SPAM_HELD}`)
        .bind(id)
        .first<EnquiryRow & { spam_reasons: string }>();
      return row ? { ...fromRow(row), spamReasons: JSON.parse(row.spam_reasons) as SpamReason[] } : null;
    },

    /** Whether the enquiry was delivered after a review: a second press of its button finds this. */
    async wasReviewed(id: string): Promise<boolean> {
      const row = await db.prepare("SELECT 1 FROM enquiries WHERE id = ? AND reviewed_at IS NOT NULL").bind(id).first();
      return row !== null;
    },

    /** What a digest listed: each is listed once. */
    async markListed(ids: readonly string[], now: number): Promise<void> {
      if (ids.length === 0) return;
      await db.batch(
        ids.map((id) =>
          db.prepare("UPDATE enquiries SET listed_at = ? WHERE id = ? AND listed_at IS NULL").bind(now, id),
        ),
      );
    },

    /**
     * The staff's "Not spam": a held enquiry let go to be delivered, now, counted released and received (as it
     * would have been); false when it is not held (delivered already, or erased), so that it goes once.
     */
    async releaseHeld(id: string, now: number, industries: ReadonlySet<string>): Promise<boolean> {
      const row = await this.heldOne(id);
      if (!row) return false;
      const [released] = await db.batch([
        db
          .prepare(
            `UPDATE enquiries SET held_since = NULL, reviewed_at = ?, status = 'pending', next_attempt_at = ?
             WHERE id = ? AND ${SPAM_HELD}`,
          )
          .bind(now, now, id),
        countAfterChange(db, dubaiDay(row.receivedAt), [
          ["released", "total", ""],
          ...intakeFacets(row, industries).map(([facet, value]): [Measure, Facet, string] => [
            "received",
            facet,
            value,
          ]),
        ]),
      ]);
      return (released?.meta.changes ?? 0) > 0;
    },

    /** The held enquiries the operator asked to deliver (npm run mail:operator -- deliver <id>). */
    async releasesAsked(): Promise<string[]> {
      const { results } = await db
        .prepare(`SELECT id FROM enquiries WHERE ${SPAM_HELD} AND release_asked_at IS NOT NULL`)
        .all<{ id: string }>();
      return results.map(({ id }) => id);
    },

    /** Erases what was held as possible spam and received before `cutoff`, unreviewed, counting it; how many went. */
    async expireHeld(cutoff: number): Promise<number> {
      const [, deleted] = await db.batch([
        db
          .prepare(
            `INSERT INTO enquiry_counts (day, measure, facet, value, count)
             SELECT ${ARRIVAL_DAY}, 'expired', 'total', '', count(*) FROM enquiries
             WHERE ${SPAM_HELD} AND received_at < ? GROUP BY ${ARRIVAL_DAY}
             ON CONFLICT (day, measure, facet, value) DO UPDATE SET count = count + excluded.count`,
          )
          .bind(cutoff),
        db.prepare(`DELETE FROM enquiries WHERE ${SPAM_HELD} AND received_at < ?`).bind(cutoff),
        db.prepare("DELETE FROM used_proofs WHERE until < ?").bind(Date.now()),
      ]);
      return deleted?.meta.changes ?? 0;
    },

    /**
     * Takes the enquiry for one delivery attempt until `leaseUntil`: only when it waits for delivery, or when the
     * delivery holding it let its time run out (killed mid-way), and only while fewer than `pace` e-mails went out
     * in the last minute (counted in the same statement, so deliveries side by side cannot pass the pace
     * together). "paced" when the pace held it back; null when it is delivered, failed, gone or held.
     */
    async claim(id: string, now: number, leaseUntil: number, pace: number) {
      const row = await db
        .prepare(
          `UPDATE enquiries SET status = 'sending', attempts = attempts + 1, next_attempt_at = ?
           WHERE id = ? AND held_since IS NULL AND (status = 'pending' OR (status = 'sending' AND next_attempt_at <= ?))
             AND (SELECT count(*) FROM enquiries
                  WHERE status = 'sending' OR (status = 'delivered' AND delivered_at >= ?)) < ?
           RETURNING *`,
        )
        .bind(leaseUntil, id, now, now - 60_000, pace)
        .first<EnquiryRow>();
      if (row) return fromRow(row);
      const waiting = await db
        .prepare(
          "SELECT 1 FROM enquiries WHERE id = ? AND held_since IS NULL AND (status = 'pending' OR (status = 'sending' AND next_attempt_at <= ?))",
        )
        .bind(id, now)
        .first();
      return waiting ? ("paced" as const) : null;
    },

    /** Leaves a waiting enquiry to the sweep at `until` (the provider's pace), counting no attempt. */
    async defer(id: string, until: number): Promise<void> {
      await db
        .prepare("UPDATE enquiries SET next_attempt_at = max(next_attempt_at, ?) WHERE id = ? AND status = 'pending'")
        .bind(until, id)
        .run();
    },

    /** Keeps holding an enquiry a delivery is still working on, until `leaseUntil`. */
    async renewLease(id: string, leaseUntil: number): Promise<void> {
      await db
        .prepare("UPDATE enquiries SET next_attempt_at = ? WHERE id = ? AND status = 'sending'")
        .bind(leaseUntil, id)
        .run();
    },

    /**
     * The message is about to go to the mail server: from here an attempt cut off may have delivered it. Recorded
     * before it goes, so that no crash can come between the sending and the record. False when the enquiry is no
     * longer there (erased while its delivery was under way): then nothing must be sent.
     */
    async markDataSent(id: string, now: number): Promise<boolean> {
      const result = await db
        .prepare("UPDATE enquiries SET data_sent_at = ? WHERE id = ? AND status = 'sending'")
        .bind(now, id)
        .run();
      return result.meta.changes > 0;
    },

    /** The attempt ended before its message went: what markDataSent recorded for it no longer holds. */
    async clearDataSent(id: string, since: number): Promise<void> {
      await db
        .prepare("UPDATE enquiries SET data_sent_at = NULL WHERE id = ? AND data_sent_at = ?")
        .bind(id, since)
        .run();
    },

    /**
     * Marks the enquiry delivered and, in the same round trip, closes the delivery alert: a delivery that got
     * through ends it. Resolves with what the alert held, when one was open.
     */
    async markDelivered(
      id: string,
      now: number,
    ): Promise<{ found: boolean; blocked: { value: string; since: number } | null }> {
      // Counted once, on the day it arrived, with the time it took: before the mark, while the row still says
      // whether an earlier attempt marked it already (two attempts both delivered, after a lapsed hold).
      const [, , marked, closed] = await db.batch<{ value: string; since: number }>([
        db
          .prepare(
            `INSERT INTO enquiry_counts (day, measure, facet, value, count)
             SELECT ${ARRIVAL_DAY}, 'delivered', 'total', '', 1 FROM enquiries WHERE id = ? AND status != 'delivered'
             ${COUNT_CONFLICT}`,
          )
          .bind(id),
        db
          .prepare(
            `INSERT INTO delivery_times (day, seconds, count)
             SELECT ${ARRIVAL_DAY}, max(0, CAST((? - received_at + 999) / 1000 AS INTEGER)), 1 FROM enquiries
             WHERE id = ? AND status != 'delivered'
             ON CONFLICT (day, seconds) DO UPDATE SET count = count + 1`,
          )
          .bind(now, id),
        db
          .prepare("UPDATE enquiries SET status = 'delivered', delivered_at = ?, last_error = NULL WHERE id = ?")
          .bind(now, id),
        db.prepare("DELETE FROM service_state WHERE key = 'delivery_blocked' RETURNING value, since"),
      ]);
      return { found: (marked?.meta.changes ?? 0) > 0, blocked: closed?.results[0] ?? null };
    },

    /**
     * Back to waiting; the sweep queues it again at `requeueAt` if the queue has not delivered it by then. False
     * when the enquiry is no longer there.
     */
    async markWaiting(id: string, reason: string, requeueAt: number): Promise<boolean> {
      const result = await db
        .prepare(
          "UPDATE enquiries SET status = 'pending', last_error = ?, next_attempt_at = ? WHERE id = ? AND status != 'delivered'",
        )
        .bind(reason, requeueAt, id)
        .run();
      return result.meta.changes > 0;
    },

    /** Refused for good. False when the enquiry is no longer there. */
    async markFailed(id: string, reason: string): Promise<boolean> {
      const [, result] = await db.batch([
        db
          .prepare(
            `INSERT INTO enquiry_counts (day, measure, facet, value, count)
             SELECT ${ARRIVAL_DAY}, 'failed', 'total', '', 1 FROM enquiries
             WHERE id = ? AND status NOT IN ('delivered', 'failed')
             ${COUNT_CONFLICT}`,
          )
          .bind(id),
        db
          .prepare("UPDATE enquiries SET status = 'failed', last_error = ? WHERE id = ? AND status != 'delivered'")
          .bind(reason, id),
      ]);
      return (result?.meta.changes ?? 0) > 0;
    },

    /**
     * The enquiries no delivery has taken by their time (the queue lost them,
     * a delivery was killed, the dead-letter queue gave them back), each moved
     * to `requeueAt` so the next sweep does not queue them twice.
     */
    async takeOverdue(now: number, requeueAt: number, limit: number): Promise<string[]> {
      const { results } = await db
        .prepare(
          `UPDATE enquiries SET status = 'pending', next_attempt_at = ?
           WHERE id IN (SELECT id FROM enquiries WHERE status IN ('pending', 'sending') AND next_attempt_at <= ?
                          AND held_since IS NULL
                        ORDER BY next_attempt_at LIMIT ?)
           RETURNING id`,
        )
        .bind(requeueAt, now, limit)
        .all<{ id: string }>();
      return results.map((row) => row.id);
    },

    /**
     * Deletes what the retention period is over for: delivered before `cutoff`, or refused for good and received
     * before it (the operator was told when it failed). An enquiry still on its way is never deleted. Resolves with
     * how many went.
     */
    async deleteExpired(cutoff: number): Promise<number> {
      const result = await db
        .prepare(
          `DELETE FROM enquiries WHERE (status = 'delivered' AND delivered_at < ?)
                                    OR (status = 'failed' AND received_at < ?)`,
        )
        .bind(cutoff, cutoff)
        .run();
      return result.meta.changes;
    },

    /**
     * Opens a condition of the whole service (the delivery alert) unless it is open already; true when this call
     * opened it, so that it is reported once.
     */
    async openState(key: StateKey, value: string, now: number): Promise<boolean> {
      const result = await db
        .prepare("INSERT INTO service_state (key, value, since) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING")
        .bind(key, value, now)
        .run();
      return result.meta.changes > 0;
    },

    /** A condition of the whole service, or null when the store holds none. */
    async readState(key: StateKey): Promise<{ value: string; since: number } | null> {
      return db.prepare("SELECT value, since FROM service_state WHERE key = ?").bind(key).first();
    },

    async setState(key: StateKey, value: string, now: number): Promise<void> {
      await db
        .prepare(
          "INSERT INTO service_state (key, value, since) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, since = excluded.since",
        )
        .bind(key, value, now)
        .run();
    },

    /** One more request refused from the site's origin today, up to REFUSED_DAILY_CAP. */
    async countRefused(reason: RefusalReason, now: number): Promise<void> {
      await db
        .prepare(
          `INSERT INTO enquiry_counts (day, measure, facet, value, count) VALUES (?, 'refused', 'reason', ?, 1)
           ON CONFLICT (day, measure, facet, value) DO UPDATE SET count = count + 1 WHERE count < ?`,
        )
        .bind(dubaiDay(now), reason, REFUSED_DAILY_CAP)
        .run();
    },

    /**
     * Counts up to `limit` of the enquiries stored before the figures existed (the migration marked them), each
     * once, as if it had been counted as it went: received, and delivered (with its time) or failed. Resolves with
     * how many it counted; 0 once none is left.
     */
    async countUncounted(industries: ReadonlySet<string>, limit: number): Promise<number> {
      const { results } = await db
        .prepare(
          `SELECT id, received_at, page, industry, spam_signals, status, delivered_at FROM enquiries
           WHERE uncounted = 1 LIMIT ?`,
        )
        .bind(limit)
        .all<{
          id: string;
          received_at: number;
          page: string | null;
          industry: string;
          spam_signals: string;
          status: string;
          delivered_at: number | null;
        }>();
      if (results.length === 0) return 0;
      const statements = results.flatMap((row) => {
        const day = dubaiDay(row.received_at);
        const facets = intakeFacets(
          { page: row.page, industry: row.industry, spamSignals: JSON.parse(row.spam_signals) as string[] },
          industries,
        );
        const counts: [Measure, Facet, string][] = [
          ...facets.map(([facet, value]): [Measure, Facet, string] => ["received", facet, value]),
          ...(row.status === "delivered" || row.status === "failed"
            ? [[row.status, "total", ""] as [Measure, Facet, string]]
            : []),
        ];
        // The flag is cleared first, and each count follows only the change before it: a second sweep counting
        // at the same moment finds the flag cleared and counts nothing.
        return [
          db.prepare("UPDATE enquiries SET uncounted = 0 WHERE id = ? AND uncounted = 1").bind(row.id),
          countAfterChange(db, day, counts),
          ...(row.status === "delivered" && row.delivered_at !== null
            ? [timeAfterChange(db, day, row.delivered_at - row.received_at)]
            : []),
        ];
      });
      await db.batch(statements);
      return results.length;
    },

    /** Whether enquiries stored before the figures existed are still to be counted. */
    async anyUncounted(): Promise<boolean> {
      return (await db.prepare("SELECT 1 FROM enquiries WHERE uncounted = 1 LIMIT 1").first()) !== null;
    },

    /**
     * Takes the month's report e-mail for this run: true when no run has sent (or skipped) it and none is sending
     * it now, or the one that was let its claim lapse (`lapsedBefore`: it crashed, or its send failed).
     */
    async claimReport(month: string, now: number, lapsedBefore: number): Promise<boolean> {
      const result = await db
        .prepare(
          `INSERT INTO service_state (key, value, since) VALUES (?, 'sending', ?)
           ON CONFLICT (key) DO UPDATE SET value = 'sending', since = excluded.since
           WHERE service_state.value NOT IN ('sent', 'skipped') AND service_state.since < ?`,
        )
        .bind(`monthly_report:${month}`, now, lapsedBefore)
        .run();
      return result.meta.changes > 0;
    },

    /** What became of the month's report: sent, skipped (no enquiry, not asked for), or failed (tried again later). */
    async settleReport(month: string, outcome: "sent" | "skipped" | "failed", now: number): Promise<void> {
      await db
        .prepare("UPDATE service_state SET value = ?, since = ? WHERE key = ?")
        .bind(outcome, now, `monthly_report:${month}`)
        .run();
    },

    /** Folds the days of every month before `month` into one row per count (rollUpSql), all or none. */
    async rollUpMonthsBefore(month: string): Promise<void> {
      await db.batch(rollUpSql(month).map((sql) => db.prepare(sql)));
    },

    /** The counts and delivery times of each month from `from` to `to` (YYYY-MM), summed by month. */
    async figures(from: string, to: string): Promise<{ counts: CountRow[]; times: TimeRow[] }> {
      const sql = figuresSql(from, to);
      const [counts, times] = await db.batch<CountRow & TimeRow>([db.prepare(sql.counts), db.prepare(sql.times)]);
      return { counts: counts?.results ?? [], times: times?.results ?? [] };
    },

    /** What the operator's health report says, read from the store alone. */
    async report(): Promise<{
      waiting: number;
      oldestWaitingSince: number | null;
      failed: number;
      /** Enquiries the operator holds, at a visitor's request: neither waiting nor refused. */
      held: number;
      /** Enquiries held as possible spam, for the staff's review. */
      heldAsSpam: number;
      state: Partial<Record<StateKey, { value: string; since: number }>>;
    }> {
      const [counts, states] = await db.batch<{
        waiting: number;
        oldest: number | null;
        failed: number;
        held: number;
        held_as_spam: number;
        key: StateKey;
        value: string;
        since: number;
      }>([
        db.prepare(
          `SELECT sum(status IN ('pending', 'sending') AND held_since IS NULL) AS waiting,
                  sum(status = 'failed' AND held_since IS NULL) AS failed,
                  sum(held_since IS NOT NULL AND NOT ${SPAM_HELD}) AS held,
                  sum(${SPAM_HELD}) AS held_as_spam,
                  min(CASE WHEN status IN ('pending', 'sending') AND held_since IS NULL THEN received_at END) AS oldest
           FROM enquiries`,
        ),
        db.prepare("SELECT key, value, since FROM service_state"),
      ]);
      const [row] = counts?.results ?? [];
      return {
        waiting: row?.waiting ?? 0,
        oldestWaitingSince: row?.oldest ?? null,
        failed: row?.failed ?? 0,
        held: row?.held ?? 0,
        heldAsSpam: row?.held_as_spam ?? 0,
        state: Object.fromEntries(
          (states?.results ?? []).map(({ key, value, since }) => [key, { value, since }]),
        ) as Partial<Record<StateKey, { value: string; since: number }>>,
      };
    },
  };
}

export type EnquiryStore = ReturnType<typeof enquiryStore>;
