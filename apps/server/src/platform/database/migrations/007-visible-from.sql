-- Where each account's view of a unit's history starts (issue #10, decision 017): the owner's
-- registration, a sub-account's being given the unit. Readings before it stay in the database
-- (an earlier owner's) but are not shown through this row. Existing rows start at their creation.
ALTER TABLE user_devices ADD COLUMN visible_from timestamptz;
UPDATE user_devices SET visible_from = created_at;
ALTER TABLE user_devices ALTER COLUMN visible_from SET NOT NULL;
ALTER TABLE user_devices ALTER COLUMN visible_from SET DEFAULT now();
