-- Push as a notification channel (issue #27, decision 083). A PUSH notification tells one of
-- its user's browsers: `push_subscription_id` names it, and `message_address` keeps its id as
-- text, the address the API answers. Removing the browser (its user, or its push service's 404
-- or 410) removes the notifications that told it.
ALTER TABLE notifications DROP CONSTRAINT notifications_message_type_check;
ALTER TABLE notifications
  ADD CONSTRAINT notifications_message_type_check
    CHECK (message_type IN ('EMAIL', 'SMS', 'VOICE', 'PUSH')),
  ADD COLUMN push_subscription_id integer REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  ADD CONSTRAINT notifications_push_names_its_browser
    CHECK ((message_type = 'PUSH') = (push_subscription_id IS NOT NULL)
           AND (push_subscription_id IS NULL OR message_address = push_subscription_id::text));
CREATE INDEX notifications_push_subscription_id_idx ON notifications (push_subscription_id)
  WHERE push_subscription_id IS NOT NULL;

ALTER TABLE deliveries DROP CONSTRAINT deliveries_channel_check;
ALTER TABLE deliveries
  ADD CONSTRAINT deliveries_channel_check CHECK (channel IN ('email', 'sms', 'voice', 'push'));
