-- Sub-accounts (issue #5): a sub-account is given a unit at most once.
CREATE UNIQUE INDEX user_devices_one_per_sub_account
  ON user_devices (user_id, device_id)
  WHERE parent_user_device_id IS NOT NULL;
