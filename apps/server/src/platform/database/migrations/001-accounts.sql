-- Accounts, sessions and the local mail outbox (issue #2).

CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email_address text NOT NULL,
  password_hash text NOT NULL,
  tenant_id smallint NOT NULL CHECK (tenant_id BETWEEN 1 AND 6),
  customer_id text,
  billing_type integer NOT NULL DEFAULT 0,
  company_name text,
  temp_pref char(1) NOT NULL DEFAULT 'F' CHECK (temp_pref IN ('F', 'C')),
  product_origin integer,
  product_origin_other text,
  customer_segmentation integer,
  segmentation_other text,
  -- A sub-account points at its parent; deleting the parent deletes its sub-accounts.
  parent_id integer REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Sign-in is by e-mail alone, so an address belongs to one account across all brands.
CREATE UNIQUE INDEX users_email_address_key ON users (lower(email_address));
CREATE INDEX users_parent_id_idx ON users (parent_id);

CREATE TABLE user_roles (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  PRIMARY KEY (user_id, name)
);

-- Opaque access tokens; only a SHA-256 hash is kept so a leaked table opens no session.
CREATE TABLE access_tokens (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('web', 'mobileapp', 'impersonation')),
  impersonator_id integer REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX access_tokens_user_id_idx ON access_tokens (user_id);

CREATE TABLE password_reset_tokens (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Failed sign-ins per key ('account:<email>' or 'address:<ip>'), shared by every server process.
CREATE TABLE login_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_at timestamptz NOT NULL
);

CREATE TABLE billing_addresses (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  is_default boolean NOT NULL DEFAULT true,
  first_name text NOT NULL,
  last_name text NOT NULL,
  address1 text NOT NULL,
  address2 text,
  city text NOT NULL,
  state text NOT NULL,
  zip text NOT NULL,
  -- 11 digits with a leading 1 (accounts-devices-billing §3).
  phone_number text CHECK (phone_number ~ '^1[0-9]{10}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX billing_addresses_one_default ON billing_addresses (user_id) WHERE is_default;

-- Messages kept locally when no SMTP server is configured; the demo mailbox page reads them.
CREATE TABLE outbox_messages (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'sms', 'voice')),
  recipient text NOT NULL,
  subject text,
  text_body text NOT NULL,
  html_body text,
  created_at timestamptz NOT NULL DEFAULT now()
);
