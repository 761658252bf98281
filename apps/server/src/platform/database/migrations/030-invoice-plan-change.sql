-- Plan changes of billed (invoice) subscriptions billed as card ones are (issue #22 finding 5,
-- decision 054): an invoice belongs to a term, so a new plan whose first period starts on a day an
-- earlier plan's invoice covers gets its own invoice; the earlier plan's invoiced days that the new
-- period covers are credited on it, as a line, and each such day once.
ALTER TABLE invoices ADD COLUMN term integer NOT NULL DEFAULT 1 CHECK (term >= 1);
-- The plan-change credit this invoice took (its subtotal is after it).
ALTER TABLE invoices ADD COLUMN credit_cents integer NOT NULL DEFAULT 0 CHECK (credit_cents >= 0);
-- A plan change credited this period's days from this day on to the later plan.
ALTER TABLE invoices ADD COLUMN credited_from date;

ALTER TABLE invoices DROP CONSTRAINT invoices_subscription_id_period_start_key;
ALTER TABLE invoices ADD CONSTRAINT invoices_one_per_period UNIQUE (subscription_id, term, period_start);
