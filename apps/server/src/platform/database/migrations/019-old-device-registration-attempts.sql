-- Attempts to register a unit whose firmware is below 4 (accounts-devices-billing §5 "the attempt
-- is logged", §7 "log of an old-device registration attempt (device id, user id)"). One row per
-- attempt, repeats included: staff read them (`npm run admin -- list-old-device-attempts`) to call
-- the customer about a replacement. The firmware is kept as it was when the attempt was made.
CREATE TABLE old_device_registration_attempts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  firmware_version text,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX old_device_registration_attempts_attempted_at_idx
  ON old_device_registration_attempts (attempted_at DESC);
