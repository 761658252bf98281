-- The billing run (issue #13, decision 036).

-- The part of `billing_amount_cents` that a unit's pucks add (SPuck billing, store-and-public-site
-- §7): recalculating takes it off and puts the new pucks' part on, so the monthly amount stays the
-- plan's as copied at creation plus the pucks, however often it is recalculated.
ALTER TABLE subscriptions ADD COLUMN puck_monthly_cents integer NOT NULL DEFAULT 0
  CHECK (puck_monthly_cents >= 0);
