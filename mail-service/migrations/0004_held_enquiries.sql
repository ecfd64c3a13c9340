-- A visitor may ask that their enquiry be kept but not used while a request about it is settled (a correction, an
-- objection): the privacy notice's right to restrict processing. held_since is set by the operator
-- (npm run mail:operator -- hold) and cleared by release; a held enquiry is never delivered, swept or counted as
-- waiting, and is deleted by the retention sweep as any other.
ALTER TABLE enquiries ADD COLUMN held_since INTEGER;
