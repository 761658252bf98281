import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { InboxIcon } from '../../../components/ui/icons/inbox-icon';

/**
 * A period with nothing to graph (device-management §4 "A failed report query marks the device as
 * having no data"): said in words, never an empty chart.
 */
export function HistoryEmpty({
  name,
  periodLabel,
  reason,
  onRetry,
}: {
  name: string;
  periodLabel: string;
  /** Why, when the query failed. */
  reason?: string;
  onRetry?: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="xl" role="status">
      <Stack align="center" gap="xs" ta="center">
        <InboxIcon size={32} />
        <Title order={2} fz="lg">
          No data for this period
        </Title>
        <Text>
          {name} has no readings for {periodLabel}.
        </Text>
        {reason && (
          <Text size="sm" c="dimmed">
            {reason}
          </Text>
        )}
        {onRetry && (
          <Button variant="default" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
