import { Container } from '@mantine/core';
import { Mailbox } from '../../features/mailbox/components/mailbox';
import { usePageTitle } from '../../lib/use-page-title';

/** /mailbox: the local outbox of the demo. */
export function MailboxPage() {
  usePageTitle('Local mailbox');
  return (
    <Container size="md" py={{ base: 'lg', sm: 40 }}>
      <Mailbox />
    </Container>
  );
}
