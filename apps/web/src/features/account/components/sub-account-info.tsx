import { Grid, Stack, Text, TextInput } from '@mantine/core';
import type { User } from '@monitor/contract/users';
import { formatFriendlyDate } from '../../../lib/format';
import { UserDetailsForm } from './user-details-form';

/**
 * The sub-account form (accounts-devices-billing §2, §6): a sub-account user edits the names and
 * e-mail the parent account created it with; the parent account and the creation date are the
 * parent's and only shown.
 */
export function SubAccountInfo({ user }: { user: User }) {
  const parent = user.SubAccount;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        This sign-in was created by the account holder below, who manages devices and billing.
      </Text>
      <UserDetailsForm
        user={user}
        label="Sub-account details"
        savedMessage="Your sub-account details were updated."
        emailDescription="You sign in with this address."
        intro={
          <>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Parent account"
                value={parent?.ParentName ?? '—'}
                readOnly
                variant="filled"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Sub-account since"
                value={parent?.DateCreated ? formatFriendlyDate(parent.DateCreated) : '—'}
                readOnly
                variant="filled"
              />
            </Grid.Col>
          </>
        }
      />
    </Stack>
  );
}
