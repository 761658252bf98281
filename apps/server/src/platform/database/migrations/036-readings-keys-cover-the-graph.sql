-- The readings' primary keys carry the values the history graph reads (issue #26, decision 078).
--
-- Units report side by side, so one unit's readings of a month lie one a page among every other
-- unit's: a year's graph of one unit read ~100,000 heap pages (0.7 s at 50 million readings). With
-- the graph's values in the key's leaf entries (INCLUDE), that year is one contiguous range of the
-- key, read by an index-only scan whatever order the rows went in: ~1,000 pages. The key columns,
-- and so uniqueness and ingest's ON CONFLICT, are unchanged.
--
-- Built on the parent, so every partition gets it and every partition made later too. Each
-- partition's key is rebuilt here: the upgrade reads every reading once.

ALTER TABLE device_reports DROP CONSTRAINT device_reports_pkey;
ALTER TABLE device_reports ADD CONSTRAINT device_reports_pkey
  PRIMARY KEY (device_id, report_timestamp) INCLUDE (temperature, humidity, power);

ALTER TABLE peripheral_reports DROP CONSTRAINT peripheral_reports_pkey;
ALTER TABLE peripheral_reports ADD CONSTRAINT peripheral_reports_pkey
  PRIMARY KEY (peripheral_id, report_timestamp) INCLUDE (temperature, humidity);
