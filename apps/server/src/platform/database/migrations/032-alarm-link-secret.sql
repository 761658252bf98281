-- The alarm messages' links (issue #23): a link to acknowledge or snooze an alarm carries an HMAC
-- of the event, the address the message went to and the link's expiry, so a link is made with no
-- write and checked with no lookup. Its key is made here once per database, as the replacement
-- offer's (migration 022), so every server on it agrees and links survive restarts; a key of its
-- own, so changing one voids only its own links.
CREATE TABLE alarm_link_secret (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  secret text NOT NULL CHECK (length(secret) >= 32)
);
INSERT INTO alarm_link_secret (secret)
  VALUES (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
