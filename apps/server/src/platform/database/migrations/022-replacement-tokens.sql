-- The replacement offer's links (issue #15, decision 045). A link's token is an HMAC of the owner's
-- id and its issue time, so the dashboard can hand one out on every device-list read without a
-- write; only tokens that were used are recorded, each good for one order.

-- The links' HMAC key when REPLACEMENT_LINK_SECRET is not set: made here once per database, so
-- every server on it agrees and links survive restarts. gen_random_uuid draws from the strong
-- random source; two of them give 244 random bits.
CREATE TABLE replacement_link_secret (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  secret text NOT NULL CHECK (length(secret) >= 32)
);
INSERT INTO replacement_link_secret (secret)
  VALUES (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));

-- A used token: claimed before its order is placed (order_id null while it is in flight, the
-- claim removed again if the order is refused), with the submit's Idempotency-Key, so a repeat
-- of that submit answers the same order and any other use is refused. A use also retires every
-- token of the owner issued before it (`used_at`), so an older link cannot order again.
CREATE TABLE replacement_tokens (
  token text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  issued_at timestamptz NOT NULL,
  idempotency_key text NOT NULL,
  order_id integer REFERENCES orders (id) ON DELETE SET NULL,
  used_at timestamptz NOT NULL
);
CREATE INDEX replacement_tokens_user_id_idx ON replacement_tokens (user_id, used_at DESC);
