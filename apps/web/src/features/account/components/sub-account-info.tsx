import { Stack, Text, TextInput } from '@mantine/core';
import type { User } from '@monitor/contract/users';
import { formatFriendlyDate } from '../../../lib/format';

/** What a sub-account user sees of the parent account (accounts-devices-billing §2, §6); read-only for now. */
export function SubAccountInfo({ user }: { user: User }) {
  const parent = user.SubAccount;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        This sign-in was created by the account holder below, who manages devices and billing.
      </Text>
      <TextInput
        label="Parent account"
        value={parent?.ParentName ?? '—'}
        readOnly
        variant="filled"
      />
      {parent?.DateCreated && (
        <Text size="sm" c="dimmed">
          Sub-account since {formatFriendlyDate(parent.DateCreated)}.
        </Text>
      )}
    </Stack>
  );
}
