import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useOutbox } from '../api/get-outbox';

/** In the demo (no SMTP server), points to where the e-mail it just sent can be read. */
export function MailboxHint() {
  const { data } = useOutbox();
  if (!data) return null;
  return (
    <Text size="sm" c="dimmed">
      Trying the demo? The e-mails it sends appear in the{' '}
      <Anchor component={Link} to="/mailbox" fw={600}>
        local mailbox
      </Anchor>
      .
    </Text>
  );
}
