-- How many evaluations a unit's alarm state has had (decision 061): a batch that changes nothing
-- but the record is evaluated without the unit's lock and recorded only if no other evaluation
-- was recorded since it read the state (optimistic concurrency); otherwise it is evaluated again
-- under the lock.
ALTER TABLE devices ADD COLUMN alarms_evaluations integer NOT NULL DEFAULT 0;
