-- One outbox for every message (issue #11, decision 028): account e-mail (password reset,
-- welcome, sub-account welcome) is recorded, queued and retried in `deliveries` like alarms.

-- What the message is. Existing rows are all alarms and all-clears. No CHECK: the vocabulary is
-- `DeliveryKind` in schema.ts, so a later module adds a kind without a migration.
ALTER TABLE deliveries ADD COLUMN kind text NOT NULL DEFAULT 'alarm';
-- The account a message is for (account mail); alarm deliveries name their notification instead.
ALTER TABLE deliveries ADD COLUMN user_id integer REFERENCES users (id) ON DELETE SET NULL;
-- The HTML a module drew for its e-mail; null draws the text body as paragraphs (alarm mail).
ALTER TABLE deliveries ADD COLUMN html_body text;
-- The body holds a secret (a password reset link): it is blanked once the delivery is settled
-- (sent, or failed for good), so the database keeps no working link longer than it must.
ALTER TABLE deliveries ADD COLUMN has_secret boolean NOT NULL DEFAULT false;

CREATE INDEX deliveries_user_idx ON deliveries (user_id) WHERE user_id IS NOT NULL;
