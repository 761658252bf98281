-- When the operator provisioned each unit (issue #22, decision 055): the device protocol refuses a
-- reading dated more than a day before it (a unit whose clock says 1970). The time is the
-- provisioning's clock, not the database's, so the demo and tests can say when a unit was made.
ALTER TABLE devices ADD COLUMN provisioned_at timestamptz NOT NULL DEFAULT now();
-- A unit made before this column was provisioned when its row was created.
UPDATE devices SET provisioned_at = created_at;
