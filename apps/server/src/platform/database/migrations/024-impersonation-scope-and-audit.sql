-- Impersonation scoped to the staff session that started it, and the audit log (issue #22).

-- The staff member's own session behind an impersonation session. Ending it (sign-out, a
-- password change) ends the impersonations it started; an impersonation also expires no later
-- than it. Impersonation sessions open before this migration had no such link: they end now.
ALTER TABLE access_tokens ADD COLUMN parent_token_id integer REFERENCES access_tokens (id);
ALTER TABLE access_tokens
  ADD CONSTRAINT access_tokens_parent_only_when_impersonating
  CHECK (parent_token_id IS NULL OR source = 'impersonation');
CREATE INDEX access_tokens_parent_token_id_idx ON access_tokens (parent_token_id)
  WHERE parent_token_id IS NOT NULL;
UPDATE access_tokens SET revoked_at = now()
  WHERE source = 'impersonation' AND revoked_at IS NULL;

-- Changes to money and access, each written in the transaction of the change it records. The ids
-- are not foreign keys: the log outlives the users it names (a removed sub-account).
--   user_id:  the account the change concerns;
--   actor_id: who made it — the user, the staff member behind an impersonation, or null for an
--             admin command or a job (then detail names it).
CREATE TABLE audit_events (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  occurred_at timestamptz NOT NULL,
  action text NOT NULL CHECK (action ~ '^[a-z]+(\.[a-z-]+)+$'),
  user_id integer,
  actor_id integer,
  detail jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_events_user_id_idx ON audit_events (user_id, occurred_at DESC);
CREATE INDEX audit_events_occurred_at_idx ON audit_events (occurred_at DESC);
