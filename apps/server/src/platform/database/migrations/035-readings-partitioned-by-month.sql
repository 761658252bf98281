-- Readings partitioned by month (issue #26 "Readings at scale", decision 074).
--
-- device_reports (units) and peripheral_reports (pucks) become declarative partitions, RANGE on
-- report_timestamp, one partition per calendar month in UTC named <table>_yYYYYmMM, and a DEFAULT
-- partition <table>_default. The default is there so a reading always has a partition to go into,
-- whatever its date (a unit provisioned years back may still send readings of then; the job may
-- not have run for a while): the readings-partitions job (modules/telemetry) moves such rows into
-- their month's partition when it makes it, so the default stays empty but for a while.
--
-- The existing rows are copied, every one: a partition is made for each month they span (and for
-- the current month and the next two, as the job would), then the rows go in through the parent,
-- unit by unit (each unit's readings of a month together: a year's graph then reads ~1,100 pages
-- of a unit rather than one page per reading), and the keys are built after the copy, which is
-- 2.5 times faster than keeping them up row by row. The keys are today's: the primary key (unit
-- or puck, time), which serves every read and holds the partition key as a partitioned table's
-- key must; the foreign key to the unit or the puck.

ALTER TABLE device_reports RENAME TO device_reports_before_035;
ALTER TABLE device_reports_before_035 RENAME CONSTRAINT device_reports_pkey TO device_reports_before_035_pkey;
ALTER TABLE peripheral_reports RENAME TO peripheral_reports_before_035;
ALTER TABLE peripheral_reports_before_035 RENAME CONSTRAINT peripheral_reports_pkey TO peripheral_reports_before_035_pkey;

CREATE TABLE device_reports (
  device_id integer NOT NULL,
  report_timestamp timestamptz NOT NULL,
  temperature real,
  humidity real,
  power smallint,
  signal_strength smallint,
  water smallint,
  motion smallint,
  received_at timestamptz NOT NULL DEFAULT now()
) PARTITION BY RANGE (report_timestamp);
CREATE TABLE device_reports_default PARTITION OF device_reports DEFAULT;

CREATE TABLE peripheral_reports (
  peripheral_id integer NOT NULL,
  report_timestamp timestamptz NOT NULL,
  temperature real,
  humidity real,
  water smallint,
  battery_level smallint
) PARTITION BY RANGE (report_timestamp);
CREATE TABLE peripheral_reports_default PARTITION OF peripheral_reports DEFAULT;

-- A partition per month of the old rows, and for this month and the next two. Bounds are written
-- with their UTC offset, so they mean the same instants whatever the session's time zone.
DO $$
DECLARE
  parent text;
  month timestamp;
BEGIN
  FOREACH parent IN ARRAY ARRAY['device_reports', 'peripheral_reports'] LOOP
    FOR month IN EXECUTE format(
      'SELECT date_trunc(''month'', report_timestamp AT TIME ZONE ''UTC'') FROM %I
         WHERE isfinite(report_timestamp)
       UNION
       SELECT date_trunc(''month'', now() AT TIME ZONE ''UTC'') + make_interval(months => ahead)
         FROM generate_series(0, 2) AS ahead
       ORDER BY 1',
      parent || '_before_035')
    LOOP
      EXECUTE format(
        'CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
        parent || to_char(month, '"_y"YYYY"m"MM'),
        parent,
        to_char(month, 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
        to_char(month + interval '1 month', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
    END LOOP;
  END LOOP;
END $$;

INSERT INTO device_reports
  (device_id, report_timestamp, temperature, humidity, power, signal_strength, water, motion, received_at)
SELECT device_id, report_timestamp, temperature, humidity, power, signal_strength, water, motion, received_at
FROM device_reports_before_035
ORDER BY device_id, report_timestamp;

INSERT INTO peripheral_reports
  (peripheral_id, report_timestamp, temperature, humidity, water, battery_level)
SELECT peripheral_id, report_timestamp, temperature, humidity, water, battery_level
FROM peripheral_reports_before_035
ORDER BY peripheral_id, report_timestamp;

DROP TABLE device_reports_before_035;
DROP TABLE peripheral_reports_before_035;

-- The keys, built once over the copied rows; on the parent, so every partition has them and every
-- partition made later gets them.
ALTER TABLE device_reports ADD CONSTRAINT device_reports_pkey PRIMARY KEY (device_id, report_timestamp);
ALTER TABLE device_reports ADD CONSTRAINT device_reports_device_id_fkey FOREIGN KEY (device_id) REFERENCES devices (id);
ALTER TABLE peripheral_reports ADD CONSTRAINT peripheral_reports_pkey PRIMARY KEY (peripheral_id, report_timestamp);
ALTER TABLE peripheral_reports ADD CONSTRAINT peripheral_reports_peripheral_id_fkey FOREIGN KEY (peripheral_id) REFERENCES peripherals (id);

-- Fresh statistics for the planner: autovacuum analyses the partitions, never the parent.
ANALYZE device_reports;
ANALYZE peripheral_reports;
