import type { ReactNode } from 'react';
import { Button, Grid, Group, PasswordInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { User } from '@monitor/contract/users';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { errorMessageFor } from '../../../lib/api-client';
import { useBrandMessage } from '../../../lib/brand-context';
import { useErrorModal } from '../../../components/ui/error-modal';
import { useUpdateUserMutation } from '../api/update-user';
import { Form } from '../../../components/ui/form';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type UserDetailsFormProps = {
  user: User;
  /** The form's accessible name, when the page holds more than one form. */
  label?: string;
  /** Read-only fields shown first (a sub-account's parent and creation date). */
  intro?: ReactNode;
  savedMessage?: string;
  emailDescription?: string;
};

/**
 * First name, last name and e-mail, saved with PUT /api/users/{Id} (accounts-devices-billing §2;
 * a sub-account's "update user and SubAccount", §7).
 */
export function UserDetailsForm({
  user,
  label,
  intro,
  savedMessage = 'Your details were updated.',
  emailDescription = 'You sign in with this address; alarm e-mails go here by default.',
}: UserDetailsFormProps) {
  const fill = useBrandMessage();
  const showError = useErrorModal();
  const mutation = useUpdateUserMutation();
  // The e-mail is the sign-in: the server changes it only with the current password (issue #22).
  const isNewEmail = (email: string) =>
    email.trim().toLowerCase() !== user.EmailAddress.toLowerCase();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      firstName: user.FirstName,
      lastName: user.LastName,
      email: user.EmailAddress,
      currentPassword: '',
    },
    validate: {
      firstName: (value) => (value.trim() ? null : 'Enter your first name.'),
      lastName: (value) => (value.trim() ? null : 'Enter your last name.'),
      email: (value) => (EMAIL_PATTERN.test(value.trim()) ? null : 'Enter a valid e-mail address.'),
      currentPassword: (value, values) =>
        isNewEmail(values.email) && !value ? MESSAGES.currentPasswordForEmail : null,
    },
  });
  const asksPassword = isNewEmail(form.values.email);

  return (
    <Form
      noValidate
      aria-label={label}
      onSubmit={form.onSubmit((values) =>
        mutation.mutate(
          {
            userId: user.Id,
            FirstName: values.firstName.trim(),
            LastName: values.lastName.trim(),
            EmailAddress: values.email.trim(),
            ...(isNewEmail(values.email) && { CurrentPassword: values.currentPassword }),
          },
          {
            onSuccess: (saved) => {
              const next = {
                firstName: saved.FirstName,
                lastName: saved.LastName,
                email: saved.EmailAddress,
                currentPassword: '',
              };
              form.setValues(next);
              form.resetDirty(next);
              notifications.show({ color: 'teal', title: 'Saved', message: savedMessage });
            },
            // A 500 gets the friendly text with the support phone; otherwise the server's message.
            onError: (error) => showError(errorMessageFor(error, fill(MESSAGES.updateUserFailed))),
          },
        ),
      )}
    >
      <Grid gap="md">
        {intro}
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
            inputMode="email"
            autoComplete="email"
            description={emailDescription}
            {...form.getInputProps('email')}
          />
        </Grid.Col>
        {asksPassword && (
          <Grid.Col span={12}>
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              description="You sign in with your e-mail address: confirm the change with your password. We will tell your old address."
              {...form.getInputProps('currentPassword')}
            />
          </Grid.Col>
        )}
      </Grid>
      <Group justify="flex-end" mt="lg">
        <Button type="submit" loading={mutation.isPending} disabled={!form.isDirty()}>
          Save changes
        </Button>
      </Group>
    </Form>
  );
}
