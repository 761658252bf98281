-- Plans, subscriptions, charges and invoices (issue #13, decision 033). Money is integer cents;
-- dates that are calendar days (billing dates) are `date`, moments are `timestamptz`.

-- A billed (invoice) customer's accounts-payable contact, who receives the invoices
-- (accounts-devices-billing §5 "a billed user without an AP contact is flagged invalid").
ALTER TABLE users ADD COLUMN ap_contact_email text;

-- The plans a tenant offers (accounts-devices-billing §3 "Billing plan option"), kept here and
-- edited with an admin command. `billing_amount_cents` is the monthly rate; a period bills
-- `billing_frequency` months at once (§9 "tax subtotal is amount times frequency").
CREATE TABLE subscription_options (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id smallint NOT NULL,
  plan_type text NOT NULL CHECK (plan_type IN ('Monthly', 'Annual', 'Seasonal')),
  billing_amount_cents integer NOT NULL CHECK (billing_amount_cents >= 0),
  billing_frequency smallint NOT NULL CHECK (billing_frequency BETWEEN 1 AND 12),
  is_selectable boolean NOT NULL DEFAULT true,
  -- A pro-subscription option (accounts-devices-billing §4 "promoted pro-subscription free
  -- months"): negative free months are a discount, positive ones move the billing dates.
  is_pro boolean NOT NULL DEFAULT false,
  free_months smallint NOT NULL DEFAULT 0,
  free_months_method text NOT NULL DEFAULT 'AFTER' CHECK (free_months_method IN ('BEFORE', 'AFTER')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscription_options_tenant_id_idx ON subscription_options (tenant_id);

-- A device's monitoring subscription. Its plan's amount and frequency are copied at creation, so
-- editing a plan changes no running subscription. A card subscription charges the vaulted payment
-- method; an invoice one (billed customers, device types 6, 7, 8) is invoiced to the AP contact.
CREATE TABLE subscriptions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Kept when the device is removed: the subscription and its charges are history.
  user_device_id integer REFERENCES user_devices (id) ON DELETE SET NULL,
  subscription_option_id integer REFERENCES subscription_options (id),
  plan_type text NOT NULL CHECK (plan_type IN ('Monthly', 'Annual', 'Seasonal')),
  billing_amount_cents integer NOT NULL CHECK (billing_amount_cents >= 0),
  billing_frequency smallint NOT NULL CHECK (billing_frequency BETWEEN 1 AND 12),
  payment_kind text NOT NULL CHECK (payment_kind IN ('card', 'invoice')),
  -- Active: billed as it falls due. PastDue: a charge declined, dunning retries it.
  -- Suspended: no billing; service runs until expiration_date. Pending: not yet started.
  -- Cancelled: ended for good (an old payment profile after the convert flow, a removed device).
  status text NOT NULL CHECK (status IN ('Active', 'PastDue', 'Suspended', 'Pending', 'Cancelled')),
  -- An old payment-profile subscription that predates the card vault (the convert flow, §4).
  is_legacy_profile boolean NOT NULL DEFAULT false,
  customer_id text,
  payment_method_token text,
  card_type text,
  card_last4 char(4),
  card_expiration_month smallint,
  card_expiration_year smallint,
  start_date date NOT NULL,
  -- Seasonal: start plus frequency months minus a day (§4).
  end_date date,
  next_billing_date date,
  last_payment_date date,
  -- Paid-for service ends here (§4 "suspend: expiration equals the next billing date").
  expiration_date date,
  -- Promoted pro-subscription discount still to take off the first charge.
  first_charge_discount_cents integer NOT NULL DEFAULT 0,
  -- Dunning: declined attempts for the period now due, and when the next one is made.
  failed_attempts smallint NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  -- The client's key for the submit that created it: a repeated submit finds this row.
  idempotency_key text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- At most one subscription in force per device: a second concurrent create fails on this index.
CREATE UNIQUE INDEX subscriptions_one_per_user_device
  ON subscriptions (user_device_id)
  WHERE status <> 'Cancelled' AND user_device_id IS NOT NULL;
CREATE INDEX subscriptions_user_id_idx ON subscriptions (user_id);
-- The billing run's scan: what is due by a day.
CREATE INDEX subscriptions_due_idx ON subscriptions (next_billing_date)
  WHERE status IN ('Active', 'PastDue');

-- Money taken or returned through the payment processor. `charge_key` is the idempotency key sent
-- to the processor as its order id: one per subscription, period and attempt, or the client's key
-- for an upfront charge, so a retry after an unknown outcome looks the charge up instead of making
-- it again.
CREATE TABLE charges (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  charge_key text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  subscription_id integer REFERENCES subscriptions (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('subscription', 'upfront', 'refund')),
  -- The billing period a subscription charge pays for.
  period_start date,
  period_end date,
  subtotal_cents integer NOT NULL,
  tax_cents integer NOT NULL DEFAULT 0,
  amount_cents integer NOT NULL,
  -- pending: sent, outcome not yet recorded (unknown after a crash: looked up, never resent).
  status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'declined', 'refunded')),
  processor_transaction_id text,
  processor_code text,
  processor_message text,
  card_type text,
  card_last4 char(4),
  -- A refund points at the charge it returns.
  refund_of_charge_id integer REFERENCES charges (id),
  refunded_cents integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
-- One charge per subscription period in flight or paid, however many processes run the billing.
CREATE UNIQUE INDEX charges_one_per_period
  ON charges (subscription_id, period_start)
  WHERE kind = 'subscription' AND status IN ('pending', 'succeeded');
CREATE INDEX charges_user_id_idx ON charges (user_id);

-- Invoices of billed customers: one per subscription and period, numbered in order.
CREATE SEQUENCE invoice_numbers START 100001;
CREATE TABLE invoices (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  invoice_number text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  subscription_id integer REFERENCES subscriptions (id) ON DELETE SET NULL,
  period_start date NOT NULL,
  period_end date NOT NULL,
  -- [{ "description": "…", "quantity": 1, "unitCents": 2475, "amountCents": 2475 }]
  lines jsonb NOT NULL,
  subtotal_cents integer NOT NULL,
  tax_cents integer NOT NULL,
  total_cents integer NOT NULL,
  issued_on date NOT NULL,
  due_on date NOT NULL,
  delivery_id integer REFERENCES deliveries (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (subscription_id, period_start)
);
CREATE INDEX invoices_user_id_idx ON invoices (user_id);
