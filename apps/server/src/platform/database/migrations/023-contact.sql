-- The contact form and the news sign-up (issue #15, decision 042; store-and-public-site §2
-- "Contact page", §3 "Contact", "Interested customer"). Both come from anyone, without a session.

-- What a visitor wrote on the contact page. It is also e-mailed to the brand's support address;
-- the row is the record should that e-mail be lost. The phone is stored as every phone is: 11
-- digits with a leading 1 (§5), or null when none was given.
CREATE TABLE contact_messages (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id smallint NOT NULL CHECK (tenant_id BETWEEN 1 AND 6),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  email_address text NOT NULL,
  phone text CHECK (phone ~ '^1[0-9]{10}$'),
  state text,
  country text,
  message text NOT NULL CHECK (length(message) BETWEEN 1 AND 4000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_messages_created_at ON contact_messages (created_at DESC);

-- The news sign-up: one row per address and brand, however often it is sent.
CREATE TABLE interested_customers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id smallint NOT NULL CHECK (tenant_id BETWEEN 1 AND 6),
  email_address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, email_address)
);
