-- Reset e-mails are limited per account and per client address (issue #2): each reset link
-- records the address that asked for it, and both counts read recent links through an index.

ALTER TABLE password_reset_tokens ADD COLUMN client_address text;
CREATE INDEX password_reset_tokens_user_id_created_at_idx
  ON password_reset_tokens (user_id, created_at);
CREATE INDEX password_reset_tokens_client_address_created_at_idx
  ON password_reset_tokens (client_address, created_at);
