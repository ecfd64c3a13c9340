/**
 * The enquiries in D1 (migrations/): stored before the visitor is answered,
 * then held by one delivery at a time, marked delivered or failed, queued again
 * by the cron sweep when overdue, and deleted after the retention period once
 * delivered.
 */
import type { IncomingEnquiry } from "./core/contract";
import type { StoredEnquiry } from "./core/message";

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
}

function fromRow(row: EnquiryRow): StoredEnquiry & { attempts: number } {
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
  };
}

export function enquiryStore(db: D1Database) {
  return {
    /**
     * Inserts the enquiry unless one with the same fingerprint arrived since
     * `duplicateSince` (one statement, so two identical requests at once keep
     * one); resolves with the id that holds it.
     */
    async insert(
      enquiry: IncomingEnquiry,
      { duplicateSince, requeueAt }: { duplicateSince: number | null; requeueAt: number },
    ): Promise<{ id: string; duplicate: boolean }> {
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
      ];
      const insert = `INSERT INTO enquiries (id, received_at, origin, page, industry, name, phone, company_name, email,
        message, fingerprint, spam_signals, next_attempt_at) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?`;
      if (duplicateSince === null) {
        await db
          .prepare(insert)
          .bind(...values)
          .run();
        return { id: enquiry.id, duplicate: false };
      }
      const result = await db
        .prepare(`${insert} WHERE NOT EXISTS (SELECT 1 FROM enquiries WHERE fingerprint = ? AND received_at >= ?)`)
        .bind(...values, enquiry.fingerprint, duplicateSince)
        .run();
      if (result.meta.changes > 0) return { id: enquiry.id, duplicate: false };
      const earlier = await db
        .prepare("SELECT id FROM enquiries WHERE fingerprint = ? AND received_at >= ? ORDER BY received_at LIMIT 1")
        .bind(enquiry.fingerprint, duplicateSince)
        .first<{ id: string }>();
      return { id: earlier?.id ?? enquiry.id, duplicate: true };
    },

    /**
     * Takes the enquiry for one delivery attempt until `leaseUntil`: only when
     * it waits for delivery, or when the delivery holding it let its time run
     * out (killed mid-way). Null when it is delivered, failed, gone or held.
     */
    async claim(id: string, now: number, leaseUntil: number) {
      const row = await db
        .prepare(
          `UPDATE enquiries SET status = 'sending', attempts = attempts + 1, next_attempt_at = ?
           WHERE id = ? AND (status = 'pending' OR (status = 'sending' AND next_attempt_at <= ?)) RETURNING *`,
        )
        .bind(leaseUntil, id, now)
        .first<EnquiryRow>();
      return row ? fromRow(row) : null;
    },

    async markDelivered(id: string, now: number): Promise<void> {
      await db
        .prepare("UPDATE enquiries SET status = 'delivered', delivered_at = ?, last_error = NULL WHERE id = ?")
        .bind(now, id)
        .run();
    },

    /** Back to waiting; the sweep queues it again at `requeueAt` if the queue has not delivered it by then. */
    async markWaiting(id: string, reason: string, requeueAt: number): Promise<void> {
      await db
        .prepare(
          "UPDATE enquiries SET status = 'pending', last_error = ?, next_attempt_at = ? WHERE id = ? AND status != 'delivered'",
        )
        .bind(reason, requeueAt, id)
        .run();
    },

    async markFailed(id: string, reason: string): Promise<void> {
      await db
        .prepare("UPDATE enquiries SET status = 'failed', last_error = ? WHERE id = ? AND status != 'delivered'")
        .bind(reason, id)
        .run();
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

    async reachable(): Promise<void> {
      await db.prepare("SELECT count(*) FROM enquiries WHERE 0").first();
    },
  };
}

export type EnquiryStore = ReturnType<typeof enquiryStore>;
