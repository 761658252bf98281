-- Answering an alarm by text or call (issue #23).

-- A text back is matched to the alarms texted to its sender's number: those deliveries, by number.
CREATE INDEX deliveries_alarm_texts_idx ON deliveries (address, alarm_event_id)
  WHERE kind = 'alarm' AND channel = 'sms';

-- Pressing 1 on an alarm call in the local mailbox: a call kept in the local outbox keeps the URL
-- its key would be posted to (the acknowledge webhook with the event's token), so the mailbox's
-- "Press 1" answers that call's alarm exactly as Twilio would. NULL for every other message.
ALTER TABLE outbox_messages ADD COLUMN acknowledge_url text;
