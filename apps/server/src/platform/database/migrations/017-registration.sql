-- Device registration as one server call, the convert flow's commercial orders (issue #13,
-- decision 037).

-- When the owner agreed to the legal terms for this registration (accounts-devices-billing §4
-- step 1, §5 "Legal terms must be agreed before saving"). Null on registrations from before.
ALTER TABLE user_devices ADD COLUMN terms_accepted_at timestamptz;

-- One row per registration submit, keyed by the client's Idempotency-Key (per user): a repeated
-- submit finds it and answers what the first one answered; a concurrent one finds it running.
-- A failed registration keeps its row (with the answer it gave) but nothing else: the saga
-- undid its steps. `undo_error` is set when undoing a step itself failed: staff must look.
CREATE TABLE device_registrations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  serial_number text NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'complete', 'failed')),
  -- The step reached (while running or complete) or the step that failed (§4 order).
  step text NOT NULL,
  terms_accepted_at timestamptz NOT NULL,
  user_device_id integer REFERENCES user_devices (id) ON DELETE SET NULL,
  subscription_id integer REFERENCES subscriptions (id) ON DELETE SET NULL,
  answer_status smallint,
  answer jsonb,
  undo_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX device_registrations_undo_error_idx ON device_registrations (id)
  WHERE undo_error IS NOT NULL;

-- A billed customer's commercial order line for a unit (accounts-devices-billing §7 "Sales:
-- updateCommercialOrder"): the date the unit was registered, which starts its invoiced service.
CREATE TABLE commercial_orders (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  device_id integer NOT NULL UNIQUE REFERENCES devices (id),
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  registration_date date NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX commercial_orders_user_id_idx ON commercial_orders (user_id);
