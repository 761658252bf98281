import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { SubAccount } from '@monitor/contract/sub-accounts';
import { formatFriendlyDate } from '../../../lib/format';

type Props = {
  subAccount: SubAccount;
  onEdit: () => void;
  onRemove: () => void;
  onDelete: () => void;
};

/** One sub-account that sees the device, with its actions named after it for screen readers. */
export function SubAccountCard({ subAccount, onEdit, onRemove, onDelete }: Props) {
  const name = `${subAccount.FirstName} ${subAccount.LastName}`;
  return (
    <Paper withBorder p="md" radius="md" component="li" aria-label={name}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0} style={{ flex: '1 1 14rem' }}>
          <Text fw={600}>{name}</Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {subAccount.EmailAddress}
          </Text>
          {subAccount.SubAccountDateCreated && (
            <Text size="sm" c="dimmed">
              Sees records from {formatFriendlyDate(subAccount.SubAccountDateCreated)}
            </Text>
          )}
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant="light" onClick={onEdit} aria-label={`Edit ${name}`}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={onRemove}
            aria-label={`Remove ${name} from this device`}
          >
            Remove from device
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={onDelete}
            aria-label={`Delete ${name}`}
          >
            Delete
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
