-- A puck attached to a card-billed unit waits for its upfront charge (issue #22): until the charge
-- succeeds it adds nothing to the monthly amount and the unit's reports of it are not taken.
-- Pucks attached before this column existed stay as they are (false); `npm run admin --
-- audit-billing` lists any subscription whose amount does not count them, for staff to settle.
ALTER TABLE peripherals ADD COLUMN awaiting_payment boolean NOT NULL DEFAULT false;
