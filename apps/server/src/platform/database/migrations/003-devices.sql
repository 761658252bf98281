-- Devices, pucks, user devices, alarm points, notifications, reports and commands (issue #4).
-- Temperatures are °F, as the spec stores them; ids are identities, times timestamptz.

-- Monitoring units, provisioned by the operator (admin provision-devices).
CREATE TABLE devices (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  imei text NOT NULL UNIQUE CHECK (imei ~ '^[0-9]{15}$'),
  serial_number text NOT NULL UNIQUE CHECK (serial_number ~ '^[0-9A-Z]{6}$'),
  device_type smallint NOT NULL,
  tenant_id smallint NOT NULL,
  firmware_version text,
  -- Free text that carries a firmware number (device-management §3).
  memo text,
  -- Carrier: 1 or 2, 3 other.
  device_nsp smallint NOT NULL DEFAULT 1 CHECK (device_nsp IN (1, 2, 3)),
  modem_activated boolean NOT NULL DEFAULT false,
  -- SHA-256 of the device key (HTTP Basic password of the device protocol); the key is shown once.
  device_key_hash text NOT NULL,
  last_report_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Pucks (SPucks): wireless sensors that report through the unit they are attached to.
CREATE TABLE peripherals (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  serial text NOT NULL UNIQUE CHECK (serial ~ '^[0-9A-F]+$'),
  logic_level integer,
  spuck_style smallint NOT NULL DEFAULT 0,
  -- The unit it is attached to; null while in inventory. At most 16 per unit (service rule).
  device_id integer REFERENCES devices (id),
  name text,
  location text,
  spuck_alias text,
  battery_level smallint,
  callin_time timestamptz,
  manufacture_date date,
  attached_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX peripherals_device_id_location_key
  ON peripherals (device_id, location)
  WHERE device_id IS NOT NULL AND location IS NOT NULL;
CREATE INDEX peripherals_device_id_idx ON peripherals (device_id);

-- An account's registration of a unit; a sub-account's row points at the parent's row.
CREATE TABLE user_devices (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_id integer NOT NULL REFERENCES devices (id),
  name text,
  location text,
  -- GMT offset in hours.
  time_zone smallint NOT NULL DEFAULT -5,
  mute boolean NOT NULL DEFAULT false,
  pet_monitor boolean NOT NULL DEFAULT false,
  -- Epoch seconds of the last pet-monitor / instant-update request.
  last_requested_time bigint,
  instant_updates integer NOT NULL DEFAULT 0,
  is_active boolean NOT NULL DEFAULT true,
  registration_complete boolean NOT NULL DEFAULT false,
  temperature_active boolean NOT NULL DEFAULT true,
  humidity_active boolean NOT NULL DEFAULT true,
  parent_user_device_id integer REFERENCES user_devices (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A unit has at most one owner; sub-account rows are views of the owner's row.
CREATE UNIQUE INDEX user_devices_one_owner
  ON user_devices (device_id)
  WHERE parent_user_device_id IS NULL;
CREATE INDEX user_devices_user_id_idx ON user_devices (user_id);
CREATE INDEX user_devices_parent_user_device_id_idx ON user_devices (parent_user_device_id);

CREATE TABLE alarm_points (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_device_id integer NOT NULL REFERENCES user_devices (id) ON DELETE CASCADE,
  peripheral_id integer REFERENCES peripherals (id),
  sensor_type text NOT NULL
    CHECK (sensor_type IN ('TEMP', 'HUMIDITY', 'POWER', 'WATER', 'MOTION', 'SP_TEMP', 'SP_HUMID')),
  sensor_alias text,
  range_min real,
  range_max real,
  is_enabled boolean NOT NULL DEFAULT true,
  last_triggered_alarm timestamptz,
  last_updated_at timestamptz NOT NULL DEFAULT now(),
  last_range_change timestamptz,
  last_read_value real,
  CONSTRAINT alarm_points_one_per_sensor
    UNIQUE NULLS NOT DISTINCT (user_device_id, peripheral_id, sensor_type)
);
CREATE INDEX alarm_points_peripheral_id_idx ON alarm_points (peripheral_id);

CREATE TABLE notifications (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_device_id integer NOT NULL REFERENCES user_devices (id) ON DELETE CASCADE,
  peripheral_id integer REFERENCES peripherals (id),
  alarm_type text NOT NULL
    CHECK (alarm_type IN ('TEMP', 'HUMIDITY', 'POWER', 'NOCALL', 'WATER', 'MOTION', 'RADON',
                          'SPUCK_TEMP', 'SPUCK_HUMIDITY')),
  message_type text NOT NULL CHECK (message_type IN ('EMAIL', 'SMS', 'VOICE')),
  message_address text NOT NULL,
  message text,
  disable_alarm boolean NOT NULL DEFAULT false,
  status text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_device_id_idx ON notifications (user_device_id);
CREATE INDEX notifications_peripheral_id_idx ON notifications (peripheral_id);

-- One row per reading; the key makes a resent reading a no-op (ON CONFLICT DO NOTHING).
CREATE TABLE device_reports (
  device_id integer NOT NULL REFERENCES devices (id),
  report_timestamp timestamptz NOT NULL,
  temperature real,
  humidity real,
  power smallint,
  signal_strength smallint,
  water smallint,
  motion smallint,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_id, report_timestamp)
);

CREATE TABLE peripheral_reports (
  peripheral_id integer NOT NULL REFERENCES peripherals (id),
  report_timestamp timestamptz NOT NULL,
  temperature real,
  humidity real,
  water smallint,
  battery_level smallint,
  PRIMARY KEY (peripheral_id, report_timestamp)
);

-- Commands waiting for a unit: handed over on its next call, done when it acknowledges them.
CREATE TABLE device_commands (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  device_id integer NOT NULL REFERENCES devices (id),
  command text NOT NULL CHECK (command IN ('RPT', 'RLY', 'UPD', 'DOG')),
  requested_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  acked_at timestamptz
);
CREATE INDEX device_commands_waiting_idx ON device_commands (device_id) WHERE acked_at IS NULL;
