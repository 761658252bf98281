import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { AuditEventEntry } from '@monitor/contract/audit-events';
import { errorMessageFor } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAccountActivity } from '../api/get-account-activity';
import { LoadingStatus } from '../../../components/ui/loading-status';

/** Wording ours: the spec has no account activity (issue #22). */
const LOAD_FAILED = 'Your account activity could not be loaded. Please try again.';

const ACTOR_LABELS: Record<NonNullable<AuditEventEntry['Actor']>, string> = {
  'customer service': 'by customer service',
  automatic: 'automatically',
};

function ActivityItem({ entry }: { entry: AuditEventEntry }) {
  return (
    <Card component="li" withBorder padding="sm" radius="md">
      <Text style={{ overflowWrap: 'anywhere' }}>{entry.Description}</Text>
      <Text size="sm" c="dimmed">
        <time dateTime={entry.OccurredAt}>{formatDateTime(entry.OccurredAt)}</time>
        {entry.Actor && ` · ${ACTOR_LABELS[entry.Actor]}`}
      </Text>
    </Card>
  );
}

/**
 * The account activity on the account page (issue #22, decision 050): the changes to the
 * account's money and access, newest first, each in the server's words with its time in the
 * browser's zone and "by customer service" where staff made it; older ones 50 at a time.
 */
export function AccountActivity({ userId }: { userId: number }) {
  const activity = useAccountActivity(userId);
  const entries = activity.data?.pages.flatMap((page) => page.Events) ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="account-activity-title">
      <Stack gap={4}>
        <Title order={2} size="h3" id="account-activity-title">
          Account activity
        </Title>
        <Text size="sm" c="dimmed">
          Changes to your sign-in, card, plan and purchases, newest first.
        </Text>
      </Stack>
      {activity.isPending && <LoadingStatus>Loading your account activity…</LoadingStatus>}
      {activity.isError && (
        <Alert color="red" role="alert">
          <Text size="sm">{errorMessageFor(activity.error, LOAD_FAILED)}</Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            mt="sm"
            onClick={() => void activity.refetch()}
          >
            Try again
          </Button>
        </Alert>
      )}
      {activity.isSuccess && entries.length === 0 && (
        <Text c="dimmed">No changes to your account yet.</Text>
      )}
      {entries.length > 0 && (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-labelledby="account-activity-title"
        >
          {entries.map((entry) => (
            <ActivityItem key={entry.Id} entry={entry} />
          ))}
        </Stack>
      )}
      {activity.hasNextPage && (
        <Group>
          <Button
            variant="light"
            loading={activity.isFetchingNextPage}
            onClick={() => void activity.fetchNextPage()}
          >
            Show older activity
          </Button>
        </Group>
      )}
    </Stack>
  );
}
