-- Every enquiry the service answered 2xx for, from the moment it is stored until the retention period after its
-- delivery (RETENTION_DAYS). Applied by wrangler: npx wrangler d1 migrations apply DB --remote -c mail-service/wrangler.jsonc
--
-- status: pending   waiting for the queue to deliver it (again);
--         sending   a delivery holds it until next_attempt_at (a delivery killed mid-way lets go then);
--         delivered the mail server accepted it;
--         failed    the mail server refused it for good (5xx): kept for the operator for the retention period.
-- next_attempt_at: for pending, when the cron sweep queues it again if no delivery has taken it by then.
CREATE TABLE enquiries (
  id TEXT PRIMARY KEY,
  received_at INTEGER NOT NULL,
  origin TEXT NOT NULL,
  page TEXT,
  industry TEXT NOT NULL,
  name TEXT NOT NULL,
  phone TEXT NOT NULL,
  company_name TEXT NOT NULL,
  email TEXT NOT NULL,
  message TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  spam_signals TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  delivered_at INTEGER
);

CREATE INDEX enquiries_due ON enquiries (status, next_attempt_at);
CREATE INDEX enquiries_fingerprint ON enquiries (fingerprint, received_at);
CREATE INDEX enquiries_delivered ON enquiries (delivered_at) WHERE status = 'delivered';
