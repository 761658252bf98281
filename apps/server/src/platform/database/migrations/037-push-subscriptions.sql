-- Push notifications to browsers (issue #27, decision 082). A subscription is one browser of one
-- user: the push service's endpoint and the keys the payload is encrypted to, as the browser's
-- PushManager gave them. A row belongs to one user, and no call changes another user's: a browser
-- two people subscribed (a shared tablet) has a row for each, and one who learnt another's
-- endpoint cannot take that browser from them.
CREATE TABLE push_subscriptions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint text NOT NULL,
  p256dh text NOT NULL,
  auth text NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, endpoint)
);
-- A push service's 404 or 410 ends a browser's subscription: every row of its endpoint goes.
CREATE INDEX push_subscriptions_endpoint ON push_subscriptions (endpoint);

-- The server's VAPID key pair (RFC 8292), made by the first server that needs it (an EC P-256 key
-- cannot be made in SQL), so every server on the database signs with the same key and browsers'
-- subscriptions survive restarts; unused when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set.
CREATE TABLE push_vapid_keys (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  public_key text NOT NULL,
  private_key text NOT NULL
);
