-- Store orders (issue #15, decision 044). The server prices every order from its own tables; an
-- order is recorded only once its charge succeeded, in the transaction that settles the charge.

-- Order numbers are handed out in order, never reused, and say nothing about how many were sold
-- before the first one.
CREATE SEQUENCE order_numbers START 300001;

CREATE TABLE orders (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_number text NOT NULL UNIQUE,
  -- The signed-in buyer; null for a guest. Kept when the account goes: the order is history.
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  tenant_id smallint NOT NULL,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone text,
  billing_address1 text NOT NULL,
  billing_address2 text,
  billing_city text NOT NULL,
  billing_state text,
  billing_zip text NOT NULL,
  -- Null when nothing ships (instant updates, the pet monitor upgrade).
  shipping_address1 text,
  shipping_address2 text,
  shipping_city text,
  shipping_state text,
  shipping_zip text,
  -- A Canadian postal code ships as international, its province as its state (§5).
  is_international boolean NOT NULL DEFAULT false,
  shipping_type text NOT NULL CHECK (shipping_type IN ('regularShipping', 'overnightShipping', 'none')),
  discount_code text,
  subtotal_cents integer NOT NULL CHECK (subtotal_cents >= 0),
  discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  shipping_cents integer NOT NULL DEFAULT 0 CHECK (shipping_cents >= 0),
  tax_cents integer NOT NULL DEFAULT 0 CHECK (tax_cents >= 0),
  grand_total_cents integer NOT NULL CHECK (grand_total_cents >= 0),
  delivery_date date,
  status text NOT NULL DEFAULT 'paid' CHECK (status IN ('paid', 'shipped', 'refunded', 'cancelled')),
  tracking_number text,
  shipped_at timestamptz,
  -- The client's Idempotency-Key: a repeated submit finds this order instead of placing another.
  idempotency_key text NOT NULL UNIQUE,
  -- 'replacement': placed by the replacement offer (items 100–205), not the store.
  source text NOT NULL DEFAULT 'store' CHECK (source IN ('store', 'replacement')),
  -- The device credited with instant updates (13) or the pet monitor (27).
  credited_user_device_id integer REFERENCES user_devices (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_user_id_idx ON orders (user_id, id DESC);
CREATE INDEX orders_status_idx ON orders (status, id DESC);

CREATE TABLE order_lines (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  item_id integer NOT NULL REFERENCES items (item_id),
  -- The item's name and price as sold: a later catalogue edit changes no order.
  store_name text NOT NULL,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 10),
  unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  -- The replaced device's serial, on a replacement line.
  serial text
);
CREATE INDEX order_lines_order_id_idx ON order_lines (order_id);

-- Orders are paid through the charges of modules/billing (decision 036): a guest's charge has no
-- user, and an order's charge points at the order it paid for once it is recorded.
ALTER TABLE charges ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE charges DROP CONSTRAINT charges_kind_check;
ALTER TABLE charges ADD CONSTRAINT charges_kind_check
  CHECK (kind IN ('subscription', 'upfront', 'refund', 'order'));
ALTER TABLE charges ADD COLUMN order_id integer REFERENCES orders (id) ON DELETE SET NULL;
CREATE INDEX charges_order_id_idx ON charges (order_id) WHERE order_id IS NOT NULL;
