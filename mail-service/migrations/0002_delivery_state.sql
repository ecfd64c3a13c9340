-- What a delivery leaves for the next one, and the service's own state.
--
-- data_sent_at: when an attempt sent the whole message and waited for the server's answer; an attempt cut off
--               there (no answer in time, or the runtime killed) may have been delivered, so the next attempt,
--               which sends the same Message-ID, is logged as a possible duplicate.
-- service_state: one row per condition of the whole service, such as 'delivery_blocked' while a setting (the
--               sender or sales address refused, a sign-in failing) holds every delivery back: the operator is
--               told once when it starts and once when it ends, not once per enquiry; 'last_delivery_error' for
--               the health report.
ALTER TABLE enquiries ADD COLUMN data_sent_at INTEGER;

-- The whole service's count of enquiries in the last minute, read at each one's arrival.
CREATE INDEX enquiries_received ON enquiries (received_at);

CREATE TABLE service_state (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  since INTEGER NOT NULL
);
