-- Weekly report e-mail (issue #12, decision 032): an owner opts in per device; each Monday
-- morning in the device's time zone the week's summary is mailed with the week's CSV attached.

-- The owner's choice, on their own user device row.
ALTER TABLE user_devices ADD COLUMN weekly_report boolean NOT NULL DEFAULT false;

-- One row per report made: the key is what makes it once per week per device, whatever the
-- number of processes or retries (INSERT … ON CONFLICT DO NOTHING decides who sends it).
CREATE TABLE weekly_reports (
  user_device_id integer NOT NULL REFERENCES user_devices (id) ON DELETE CASCADE,
  -- The local Monday the reported week starts on.
  week_start date NOT NULL,
  delivery_id integer REFERENCES deliveries (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_device_id, week_start)
);

-- Files attached to an e-mail, read from file storage when it is sent:
-- [{ "fileName": "…", "fileKey": "…", "contentType": "…" }].
ALTER TABLE deliveries ADD COLUMN attachments jsonb;
-- What the local mailbox shows of them: their names.
ALTER TABLE outbox_messages ADD COLUMN attachment_names text[];
