-- What an order's submit asked (issue #22): an Idempotency-Key sent again with a different
-- request is refused (422) instead of answering the first order. Null for charges made before,
-- and for the other kinds of charge.
ALTER TABLE charges ADD COLUMN request_hash text;
