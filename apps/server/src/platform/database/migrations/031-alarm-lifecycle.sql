-- Alarms that are never blind, never flap, and are acknowledged, repeated and escalated until
-- someone answers (issue #23, decision 059).

-- Deadband (hysteresis) and alarm delay on every alarm point. The deadband is in the range's unit
-- (°F for temperatures, %RH for humidity); null is the sensor's default (1 °F, or 0.5 °C for an
-- owner who reads °C; 2 %RH; none for power, water and motion). The alarm rises once the breach
-- has lasted `delay_minutes` and `delay_readings` (0 and 0: at the first reading out of range).
ALTER TABLE alarm_points ADD COLUMN deadband real CHECK (deadband >= 0 AND deadband <= 50);
ALTER TABLE alarm_points ADD COLUMN delay_minutes integer NOT NULL DEFAULT 0
  CHECK (delay_minutes BETWEEN 0 AND 1440);
ALTER TABLE alarm_points ADD COLUMN delay_readings integer NOT NULL DEFAULT 0
  CHECK (delay_readings BETWEEN 0 AND 100);
-- A breach that has not yet lasted its delay: when it began and its first value, how many readings
-- it has lasted and its worst value. Null when the point is not in a pending breach.
ALTER TABLE alarm_points ADD COLUMN pending_since timestamptz;
ALTER TABLE alarm_points ADD COLUMN pending_value real;
ALTER TABLE alarm_points ADD COLUMN pending_readings integer NOT NULL DEFAULT 0;
ALTER TABLE alarm_points ADD COLUMN pending_peak real;

-- The settings an alarm point had before each change, so a reading that arrives late is judged
-- by the range in force when it was taken. Written by the trigger below whatever path changes a
-- point; a row holds the settings in force until `valid_until`.
CREATE TABLE alarm_point_settings (
  alarm_point_id integer NOT NULL REFERENCES alarm_points (id) ON DELETE CASCADE,
  valid_until timestamptz NOT NULL,
  range_min real,
  range_max real,
  is_enabled boolean NOT NULL,
  deadband real,
  delay_minutes integer NOT NULL,
  delay_readings integer NOT NULL,
  PRIMARY KEY (alarm_point_id, valid_until)
);

-- The change takes effect at the point's new last_updated_at (the application's clock): every
-- write of these settings sets it. Two changes at one instant keep the first one's old settings.
CREATE FUNCTION alarm_point_settings_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alarm_point_settings
    (alarm_point_id, valid_until, range_min, range_max, is_enabled, deadband, delay_minutes,
     delay_readings)
  VALUES
    (OLD.id, NEW.last_updated_at,
     OLD.range_min, OLD.range_max, OLD.is_enabled, OLD.deadband, OLD.delay_minutes,
     OLD.delay_readings)
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END $$;

CREATE TRIGGER alarm_point_settings_keep
  AFTER UPDATE OF range_min, range_max, is_enabled, deadband, delay_minutes, delay_readings
  ON alarm_points FOR EACH ROW
  WHEN ((OLD.range_min, OLD.range_max, OLD.is_enabled, OLD.deadband, OLD.delay_minutes,
         OLD.delay_readings)
        IS DISTINCT FROM
        (NEW.range_min, NEW.range_max, NEW.is_enabled, NEW.deadband, NEW.delay_minutes,
         NEW.delay_readings))
  EXECUTE FUNCTION alarm_point_settings_keep();

-- The alarm lifecycle (ISA-18.2): an event is raised at `raised_report_at` (after its delay; the
-- breach began at `opening_report_at`), its worst reading is `peak_value`, and it is acknowledged
-- once, by someone, from one channel. A cleared event may still be unacknowledged.
ALTER TABLE alarm_events ADD COLUMN raised_report_at timestamptz;
ALTER TABLE alarm_events ADD COLUMN peak_value real;
ALTER TABLE alarm_events ADD COLUMN acknowledged_at timestamptz;
ALTER TABLE alarm_events ADD COLUMN acknowledged_by text;
ALTER TABLE alarm_events ADD COLUMN acknowledged_via text
  CHECK (acknowledged_via IN ('dashboard', 'email', 'sms', 'voice', 'push'));
UPDATE alarm_events SET raised_report_at = coalesce(opening_report_at, opened_at),
  peak_value = opening_value;
CREATE INDEX alarm_events_log_idx ON alarm_events (user_device_id, id DESC);

-- Repeat and escalate, per notification: wait `wait_minutes` before telling at all, then repeat
-- every `repeat_minutes` (0 is off) up to `repeat_cap` times while the alarm is open and
-- unacknowledged. `tell_all_clear` and `tell_acknowledged` choose the short follow-ups.
ALTER TABLE notifications ADD COLUMN wait_minutes integer NOT NULL DEFAULT 0
  CHECK (wait_minutes BETWEEN 0 AND 1440);
ALTER TABLE notifications ADD COLUMN repeat_minutes integer NOT NULL DEFAULT 0
  CHECK (repeat_minutes IN (0, 15, 30, 60));
ALTER TABLE notifications ADD COLUMN repeat_cap integer NOT NULL DEFAULT 3
  CHECK (repeat_cap BETWEEN 1 AND 24);
ALTER TABLE notifications ADD COLUMN tell_all_clear boolean NOT NULL DEFAULT true;
ALTER TABLE notifications ADD COLUMN tell_acknowledged boolean NOT NULL DEFAULT true;

-- Which telling of an event a delivery is (0 the first, 1… the repeats): one of each per
-- notification, so a follow-up job run twice sends once.
ALTER TABLE deliveries ADD COLUMN step integer;
CREATE UNIQUE INDEX deliveries_one_per_step ON deliveries (alarm_event_id, notification_id, step)
  WHERE step IS NOT NULL;

-- Snooze: the owner silences a unit's alarms for a while; events are still recorded.
ALTER TABLE user_devices ADD COLUMN alarms_snoozed_until timestamptz;
CREATE TABLE alarm_snoozes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_device_id integer NOT NULL REFERENCES user_devices (id) ON DELETE CASCADE,
  snoozed_at timestamptz NOT NULL,
  snoozed_until timestamptz NOT NULL,
  -- Who asked (an account's e-mail, or the address an alarm link was sent to) and from where.
  snoozed_by text NOT NULL,
  via text NOT NULL CHECK (via IN ('dashboard', 'email', 'sms', 'voice', 'push'))
);
CREATE INDEX alarm_snoozes_user_device_idx ON alarm_snoozes (user_device_id, snoozed_at);
