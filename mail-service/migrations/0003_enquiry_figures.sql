-- The figures of the monthly report (npm run mail:operator -- report, and the e-mail on the 1st): counts that
-- outlive the enquiries, holding nothing a visitor typed. `forget` and the retention sweep delete enquiries, never
-- these.
--
-- enquiry_counts: one row per day (Dubai time, YYYY-MM-DD), measure, facet and value.
--   measure received  stored (answered 202), counted on the day it arrived; facets:
--                       total     ''
--                       language  en, ar, or '' when the browser did not say which page it was sent from
--                       page      one of the site's pages in its default language (/contact/), 'other', or ''
--                       industry  one of the site's industries (SITE_INDUSTRIES), 'other', or '' when none chosen
--                       spam      'marked' when its subject was marked as possible spam
--           delivered the mail server accepted it; failed: refused it for good. Both on the day it arrived, so a
--                     month's received = delivered + failed + still waiting (facet total).
--           refused   answered 4xx from the site's origin: facet reason, 'too-many' (429) or 'invalid'
--                     (400, 413, 415), on the day it was refused. At most REFUSED_DAILY_CAP a day, so that a flood
--                     costs the database nothing past it.
-- delivery_times: how long each delivered enquiry took from arrival to delivery, in whole seconds (rounded up), by
--                 the day it arrived: the report's median and 95th percentile, exact to the second.
-- enquiries.uncounted: 1 for the enquiries stored before these figures existed; the sweep counts them once and
--                 clears it (the Worker holds the list of the site's industries that counting needs).
-- service_state 'monthly_report:YYYY-MM': the month's report e-mail, claimed before it is sent ('sending', with
--                 the time) and 'sent' after, so that it goes once whatever restarts or retries.
CREATE TABLE enquiry_counts (
  day TEXT NOT NULL,
  measure TEXT NOT NULL CHECK (measure IN ('received', 'delivered', 'failed', 'refused')),
  facet TEXT NOT NULL,
  value TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (day, measure, facet, value)
) WITHOUT ROWID;

CREATE TABLE delivery_times (
  day TEXT NOT NULL,
  seconds INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (day, seconds)
) WITHOUT ROWID;

ALTER TABLE enquiries ADD COLUMN uncounted INTEGER NOT NULL DEFAULT 0;
UPDATE enquiries SET uncounted = 1;
CREATE INDEX enquiries_uncounted ON enquiries (uncounted) WHERE uncounted = 1;
