import { useState } from 'react';
import {
  Accordion,
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import { AlertIcon } from '../../../components/ui/icons/alert-icon';
import { InboxIcon } from '../../../components/ui/icons/inbox-icon';
import { MailIcon } from '../../../components/ui/icons/mail-icon';
import { RefreshIcon } from '../../../components/ui/icons/refresh-icon';
import { OUTBOX_REFRESH_MS, useOutbox, type OutboxMessage } from '../api/get-outbox';
import { findLinks, MailLinks } from './mail-links';
import { MailFrame } from './mail-frame';
import { OutboxReply } from './outbox-reply';

const CHANNEL_LABEL: Record<OutboxMessage['Channel'], string> = {
  email: 'E-mail',
  sms: 'Text',
  voice: 'Phone call',
};

function MessageBody({ message }: { message: OutboxMessage }) {
  const links = findLinks(`${message.TextBody} ${message.HtmlBody ?? ''}`);
  return (
    <Stack gap="md">
      {message.HtmlBody ? (
        <MailFrame html={message.HtmlBody} title={`Message: ${message.Subject ?? 'no subject'}`} />
      ) : (
        <Code block style={{ whiteSpace: 'pre-wrap' }}>
          {message.TextBody}
        </Code>
      )}
      {message.AttachmentNames.length > 0 && (
        <Text size="sm">Attached: {message.AttachmentNames.join(', ')}</Text>
      )}
      <MailLinks links={links} />
      <OutboxReply message={message} />
    </Stack>
  );
}

function MailboxSkeleton() {
  return (
    <Stack gap="sm" aria-hidden>
      {[0, 1, 2].map((row) => (
        <Paper key={row} withBorder radius="md" p="md">
          <Skeleton height={14} width="55%" mb={10} />
          <Skeleton height={10} width="35%" />
        </Paper>
      ))}
    </Stack>
  );
}

/** The local mailbox: messages the demo would have sent, refreshed every 5 seconds. */
export function Mailbox() {
  const [openId, setOpenId] = useState<string | null>(null);
  const { data, isPending, isError, isFetching, refetch, dataUpdatedAt } = useOutbox({
    refetchInterval: OUTBOX_REFRESH_MS,
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Local mailbox
          </Title>
          <Text c="dimmed">Messages the demo would have sent, newest first.</Text>
        </Stack>
        <Button
          variant="default"
          leftSection={<RefreshIcon size={16} />}
          loading={isFetching && !isPending}
          onClick={() => void refetch()}
        >
          Refresh
        </Button>
      </Group>

      {isPending ? (
        <MailboxSkeleton />
      ) : isError ? (
        <Alert color="red" icon={<AlertIcon />} title="The mailbox could not be loaded">
          It will try again in a few seconds.
        </Alert>
      ) : data === 'closed' ? (
        <Alert color="blue" icon={<MailIcon />} title="The mailbox is closed here">
          It opens only in a browser on the computer running the server, or to staff: it holds
          password-reset links. Sign in as staff to read it from here.
        </Alert>
      ) : data === null ? (
        <Alert color="blue" icon={<MailIcon />}>
          Mail is delivered by the configured SMTP server.
        </Alert>
      ) : data.messages.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" gap="xs" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light">
              <InboxIcon size={26} />
            </ThemeIcon>
            <Text fw={600}>No messages yet</Text>
            <Text size="sm" c="dimmed">
              Register, or ask for a password reset, and the e-mail appears here.
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Accordion
          variant="separated"
          radius="md"
          chevronPosition="right"
          value={openId}
          onChange={setOpenId}
        >
          {data.messages.map((message) => (
            <Accordion.Item key={message.Id} value={String(message.Id)}>
              <Accordion.Control>
                <Stack gap={2}>
                  <Group gap="xs" wrap="nowrap">
                    <Badge size="sm" variant="light" style={{ flexShrink: 0 }}>
                      {CHANNEL_LABEL[message.Channel]}
                    </Badge>
                    <Text fw={600} lineClamp={1}>
                      {message.Subject ?? message.TextBody.slice(0, 80)}
                    </Text>
                  </Group>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    To {message.Recipient} · {formatDateTime(message.CreatedAt)}
                  </Text>
                </Stack>
              </Accordion.Control>
              <Accordion.Panel>
                {/* Only the open message renders its frame. */}
                {openId === String(message.Id) && <MessageBody message={message} />}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      {dataUpdatedAt > 0 && data !== null && (
        <Text size="xs" c="dimmed" aria-live="off">
          Refreshes every {OUTBOX_REFRESH_MS / 1000} seconds.
        </Text>
      )}
    </Stack>
  );
}
