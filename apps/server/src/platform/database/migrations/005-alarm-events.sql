-- Alarm events (issue #4, decision 011): one row per spell in alarm of one sensor of one owner's
-- user device, opened by a reading in alarm (or by the NOCALL watchdog) and closed by the return
-- to normal. The open row is the alarm state; deliveries point at the event they announce.

CREATE TABLE alarm_events (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The owner's row only: sub-account rows are views of it and get no events of their own.
  user_device_id integer NOT NULL REFERENCES user_devices (id) ON DELETE CASCADE,
  -- The puck for SPUCK_TEMP, SPUCK_HUMIDITY and a puck's WATER; null for the unit's own sensors.
  peripheral_id integer REFERENCES peripherals (id) ON DELETE CASCADE,
  -- The notification AlarmType vocabulary, so an event finds its notifications by type.
  alarm_type text NOT NULL
    CHECK (alarm_type IN ('TEMP', 'HUMIDITY', 'POWER', 'WATER', 'MOTION', 'SPUCK_TEMP',
                          'SPUCK_HUMIDITY', 'NOCALL')),
  opened_at timestamptz NOT NULL,
  -- The reading that opened it: its value (null for POWER off, NOCALL) and its ReportTimestamp
  -- (for NOCALL the last report before the silence).
  opening_value real,
  opening_report_at timestamptz,
  -- Whether alarm deliveries were queued when it opened; only then does its close send an
  -- all-clear (a back-filled spell nobody was told of ends silently).
  is_notified boolean NOT NULL DEFAULT false,
  closed_at timestamptz,
  closing_value real,
  closing_report_at timestamptz
);

-- At most one open event per sensor: two processes or two concurrent batches that both see the
-- change into alarm race on this index (INSERT … ON CONFLICT DO NOTHING) and only the winner
-- queues deliveries.
CREATE UNIQUE INDEX alarm_events_one_open
  ON alarm_events (user_device_id, peripheral_id, alarm_type) NULLS NOT DISTINCT
  WHERE closed_at IS NULL;
CREATE INDEX alarm_events_user_device_idx ON alarm_events (user_device_id, opened_at);
CREATE INDEX alarm_events_peripheral_idx ON alarm_events (peripheral_id) WHERE peripheral_id IS NOT NULL;

-- The ReportTimestamp up to which the unit's readings were evaluated: a reading at or before it
-- arrived late (a history upload after newer readings) and changes no alarm state.
ALTER TABLE devices ADD COLUMN alarms_evaluated_through timestamptz;

ALTER TABLE deliveries
  ADD CONSTRAINT deliveries_alarm_event_id_fkey
  FOREIGN KEY (alarm_event_id) REFERENCES alarm_events (id) ON DELETE SET NULL;
