-- The spam policy (src/core/spam.ts) holds an enquiry it suspects instead of delivering it: held_since is set, as
-- for a visitor's request (0004), and spam_reasons says why (JSON: code, weight, detail of each reason), which a
-- visitor's hold leaves NULL. The staff deliver a held one from the daily digest's link (reviewed_at), or the
-- sweep erases it after SPAM_RETENTION_DAYS; listed_at is when a digest listed it, release_asked_at when the
-- operator asked for it to be delivered (npm run mail:operator -- deliver <id>), which the next sweep does.
ALTER TABLE enquiries ADD COLUMN spam_reasons TEXT;
ALTER TABLE enquiries ADD COLUMN listed_at INTEGER;
ALTER TABLE enquiries ADD COLUMN reviewed_at INTEGER;
ALTER TABLE enquiries ADD COLUMN release_asked_at INTEGER;
-- The message as the policy compares it with other senders' (the same message from many is a campaign).
ALTER TABLE enquiries ADD COLUMN message_hash TEXT;
CREATE INDEX enquiries_message ON enquiries (message_hash, received_at) WHERE message_hash IS NOT NULL;
CREATE INDEX enquiries_spam ON enquiries (received_at) WHERE spam_reasons IS NOT NULL;

-- Each proof of work the site's page sent (contract/src/enquiry-check.ts), by its nonce, until it would be stale:
-- a proof sent twice is a copy.
CREATE TABLE used_proofs (
  nonce TEXT PRIMARY KEY,
  until INTEGER NOT NULL
) WITHOUT ROWID;

-- The counts gain what became of held enquiries, each on the day it arrived:
--   measure held      held as possible spam: facet total '', and facet reason (each reason's code, spam.ts)
--           released  delivered after the staff's review (then also counted received, as any enquiry)
--           expired   erased unreviewed after SPAM_RETENTION_DAYS
CREATE TABLE enquiry_counts_with_holds (
  day TEXT NOT NULL,
  measure TEXT NOT NULL CHECK (measure IN ('received', 'delivered', 'failed', 'refused', 'held', 'released', 'expired')),
  facet TEXT NOT NULL,
  value TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (day, measure, facet, value)
) WITHOUT ROWID;
INSERT INTO enquiry_counts_with_holds SELECT day, measure, facet, value, count FROM enquiry_counts;
DROP TABLE enquiry_counts;
ALTER TABLE enquiry_counts_with_holds RENAME TO enquiry_counts;
