-- Alarm and notification deliveries by e-mail, text and voice call, sent by the job queue
-- (issue #4, decision 010). One row per message to one address; the job only carries its id.

CREATE TABLE deliveries (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('email', 'sms', 'voice')),
  address text NOT NULL,
  subject text,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  -- The alarm engine comes later; its foreign key is added with its table.
  alarm_event_id integer,
  notification_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);

CREATE INDEX deliveries_alarm_event_idx ON deliveries (alarm_event_id) WHERE alarm_event_id IS NOT NULL;
CREATE INDEX deliveries_notification_idx ON deliveries (notification_id) WHERE notification_id IS NOT NULL;
