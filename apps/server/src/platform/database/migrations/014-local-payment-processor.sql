-- The local payment processor (decision 034): the product's stand-in for Braintree's sandbox when
-- BRAINTREE_* is not set. Its state lives here, so it survives restarts and several server
-- processes share it. Like the real processor it never keeps a card number or CVV: a tokenized
-- card is kept as what a vaulted card may show (type, last 4, expiry) plus the outcome its test
-- card number stands for (`decline_code`, a code of the payment error filter).

-- The key that signs client tokens, made on first use (one row).
CREATE TABLE local_processor_keys (
  id smallint PRIMARY KEY CHECK (id = 1),
  signing_key text NOT NULL
);

CREATE TABLE local_processor_customers (
  id text PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE local_processor_payment_methods (
  token text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES local_processor_customers (id) ON DELETE CASCADE,
  card_type text NOT NULL,
  last4 char(4) NOT NULL,
  expiration_month smallint NOT NULL,
  expiration_year smallint NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX local_processor_payment_methods_customer_idx
  ON local_processor_payment_methods (customer_id);

-- Single-use nonces: a tokenized card, a fixed sandbox nonce's card, or a vaulted card's
-- (`payment_method_token`). `consumed_at` is set once, by the statement that uses it.
CREATE TABLE local_processor_nonces (
  nonce text PRIMARY KEY,
  card_type text,
  last4 char(4),
  expiration_month smallint,
  expiration_year smallint,
  decline_code integer,
  decline_message text,
  payment_method_token text REFERENCES local_processor_payment_methods (token) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  consumed_at timestamptz
);

-- Sales and refunds (credits). A sale's order id is its idempotency key: the unique index makes a
-- concurrent second sale with the same order id wait for the first and then find it. A credit
-- has no order id of its own; `refunded_transaction_id` names its sale.
CREATE TABLE local_processor_transactions (
  id text PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('sale', 'credit')),
  order_id text,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  status text NOT NULL,
  customer_id text,
  payment_method_token text,
  card_type text,
  last4 char(4),
  decline_code integer,
  decline_message text,
  -- A credit's sale.
  refunded_transaction_id text REFERENCES local_processor_transactions (id),
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX local_processor_transactions_order_id
  ON local_processor_transactions (order_id);
CREATE INDEX local_processor_transactions_refunded_idx
  ON local_processor_transactions (refunded_transaction_id);
