-- When each alarm point's last read value was read (issue #10, decision 017), so that the value is
-- shown only to an account whose visible history reaches back to it. Existing points do not know
-- it: their value shows again from the unit's next reading.
ALTER TABLE alarm_points ADD COLUMN last_read_at timestamptz;
