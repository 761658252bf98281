-- Promoted free months placed AFTER the first period (accounts-devices-billing §4 "a positive
-- count shifts the next billing date, method BEFORE or AFTER"): the first charge moves the next
-- billing date this many months further, then it is spent. BEFORE needs no column: the first
-- billing date itself moves (decision 033).
ALTER TABLE subscriptions ADD COLUMN free_months_after smallint NOT NULL DEFAULT 0
  CHECK (free_months_after >= 0);

-- The address the card is billed at, as the subscription request gave it: sales tax on every
-- period is reckoned there (the owner's default billing address when these are empty).
ALTER TABLE subscriptions ADD COLUMN billing_street text;
ALTER TABLE subscriptions ADD COLUMN billing_city text;
ALTER TABLE subscriptions ADD COLUMN billing_state text;
ALTER TABLE subscriptions ADD COLUMN billing_zip text;
