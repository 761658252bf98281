-- Every plan change billed right (issue #22 finding 5, decision 054).

-- A subscription's term: 1 at creation, one more at each plan change (and each restart of an
-- expired one). A new term's first period may start on the very day an earlier term's charge
-- paid for, so a charge is one per subscription, term and period start, not per period start.
ALTER TABLE subscriptions ADD COLUMN term integer NOT NULL DEFAULT 1 CHECK (term >= 1);
-- Paid days of an earlier plan that a later plan's period covers (accounts-devices-billing §9
-- "prorated by days per month"), owed to the customer: taken off the charges that follow, after
-- the promoted discount, until spent. Apart from `first_charge_discount_cents`, which is a
-- promotion of the plan and goes with it.
ALTER TABLE subscriptions ADD COLUMN credit_cents integer NOT NULL DEFAULT 0
  CHECK (credit_cents >= 0);

ALTER TABLE charges ADD COLUMN term integer NOT NULL DEFAULT 1 CHECK (term >= 1);
-- The plan-change credit this charge took (its subtotal is after it); spent when it succeeds.
ALTER TABLE charges ADD COLUMN credit_cents integer NOT NULL DEFAULT 0 CHECK (credit_cents >= 0);
-- A plan change credited this period's days from this day on to the later plan: a later change
-- credits them no more (each paid day is given back once).
ALTER TABLE charges ADD COLUMN credited_from date;

DROP INDEX charges_one_per_period;
-- One charge per subscription, term and period in flight or paid (decision 036, 054).
CREATE UNIQUE INDEX charges_one_per_period
  ON charges (subscription_id, term, period_start)
  WHERE kind = 'subscription' AND status IN ('pending', 'succeeded');
