import { Button, Grid, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { User } from '@monitor/contract/users';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { useErrorModal } from '../../../components/ui/error-modal';
import { errorMessageFor } from '../../../lib/api-client';
import { useBrandMessage } from '../../../lib/brand-context';
import { formatFriendlyDate } from '../../../lib/format';
import { useUpdateUserMutation } from '../api/update-user';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The sub-account form (accounts-devices-billing §2, §6): a sub-account user edits the names and
 * e-mail the parent account created it with, saved with PUT /api/users/{Id} ("update user and
 * SubAccount", §7); the parent account and the creation date are the parent's and only shown.
 */
export function SubAccountInfo({ user }: { user: User }) {
  const fill = useBrandMessage();
  const showError = useErrorModal();
  const mutation = useUpdateUserMutation();
  const parent = user.SubAccount;
  const form = useForm({
    mode: 'controlled',
    initialValues: { firstName: user.FirstName, lastName: user.LastName, email: user.EmailAddress },
    validate: {
      firstName: (value) => (value.trim() ? null : 'Enter your first name.'),
      lastName: (value) => (value.trim() ? null : 'Enter your last name.'),
      email: (value) => (EMAIL_PATTERN.test(value.trim()) ? null : 'Enter a valid e-mail address.'),
    },
  });

  return (
    <form
      noValidate
      aria-label="Sub-account details"
      onSubmit={form.onSubmit((values) =>
        mutation.mutate(
          {
            userId: user.Id,
            FirstName: values.firstName.trim(),
            LastName: values.lastName.trim(),
            EmailAddress: values.email.trim(),
          },
          {
            onSuccess: (saved) => {
              const next = {
                firstName: saved.FirstName,
                lastName: saved.LastName,
                email: saved.EmailAddress,
              };
              form.setValues(next);
              form.resetDirty(next);
              notifications.show({
                color: 'teal',
                title: 'Saved',
                message: 'Your sub-account details were updated.',
              });
            },
            onError: (error) => showError(errorMessageFor(error, fill(MESSAGES.updateUserFailed))),
          },
        ),
      )}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          This sign-in was created by the account holder below, who manages devices and billing.
        </Text>
        <Grid gap="md">
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
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="First name"
              autoComplete="given-name"
              {...form.getInputProps('firstName')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Last name"
              autoComplete="family-name"
              {...form.getInputProps('lastName')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              {...form.getInputProps('email')}
            />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} disabled={!form.isDirty()}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
