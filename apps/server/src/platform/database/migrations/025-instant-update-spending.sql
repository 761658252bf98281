-- Instant updates spent by the server (issue #22): an RPT or DOG names the user device whose
-- count pays for it, and is spent once, when the unit answers it in time with a report.

-- The count that pays (the owner's row; a sub-account spends the owner's, decision 017). A
-- command queued and neither answered nor timed out holds one of that count back.
ALTER TABLE device_commands
  ADD COLUMN paid_by_user_device_id integer REFERENCES user_devices (id) ON DELETE SET NULL;
-- When the answer spent it; null for a command that costs nothing or was never answered in time.
ALTER TABLE device_commands ADD COLUMN spent_at timestamptz;
CREATE INDEX device_commands_pending_paid_idx ON device_commands (paid_by_user_device_id)
  WHERE paid_by_user_device_id IS NOT NULL AND acked_at IS NULL;
