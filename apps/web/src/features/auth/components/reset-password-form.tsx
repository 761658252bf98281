import { Button, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { errorMessageFor, isApiError } from '../../../lib/api-client';
import { useErrorModal } from '../../../components/ui/error-modal';
import { PasswordField } from '../../../components/ui/password-field';
import { CheckIcon } from '../../../components/ui/icons/check-icon';
import { CircleCheckIcon } from '../../../components/ui/icons/circle-check-icon';
import { AlertIcon } from '../../../components/ui/icons/alert-icon';
import { useResetPasswordMutation } from '../api/reset-password';
import {
  useCheckPasswordResetLink,
  type PasswordResetLink,
} from '../api/check-password-reset-link';
import { Form } from '../../../components/ui/form';

/** A used or expired link, said as the page opens (issue #24), with the way to a new one. */
function UnusableLink() {
  return (
    <Stack align="center" ta="center" gap="md" py="md">
      <ThemeIcon size={56} radius="xl" variant="light" color="red">
        <AlertIcon size={28} />
      </ThemeIcon>
      <Title order={2} fz="h3">
        This link can no longer be used
      </Title>
      <Text c="dimmed">{MESSAGES.passwordResetLinkInvalid}</Text>
      <Button component={Link} to="/forgotpassword" size="md">
        Request a new link
      </Button>
    </Stack>
  );
}

const MIN_LENGTH = 8;

/**
 * New password and confirmation with a live passwords-match flag; saving does nothing while they
 * differ (store-and-public-site §2 "Reset-password page", §5).
 */
export function ResetPasswordForm({ link }: { link: PasswordResetLink }) {
  const showError = useErrorModal();
  const mutation = useResetPasswordMutation();
  const check = useCheckPasswordResetLink(link);
  const form = useForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: {
      // Only once they match: while they differ, saving does nothing and says nothing more.
      newPassword: (value, values) =>
        value === values.confirmPassword && value.length < MIN_LENGTH
          ? 'Password must be at least 8 characters long.'
          : null,
    },
  });
  const { newPassword, confirmPassword } = form.values;
  const doPasswordsMatch = newPassword === confirmPassword;
  const showMatchFlag = confirmPassword.length > 0;

  if (mutation.isSuccess) {
    return (
      <Stack align="center" ta="center" gap="md" py="md">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal">
          <CircleCheckIcon size={30} />
        </ThemeIcon>
        <Title order={2} fz="h3">
          All set
        </Title>
        <Text c="dimmed">Your password has been reset. Sign in with your new password.</Text>
        <Button component={Link} to="/login" size="md">
          Go to sign in
        </Button>
      </Stack>
    );
  }

  if (check.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Checking your link">
        <Loader />
      </Center>
    );
  }
  // Only the server's refusal hides the form; if the check itself failed, the reset will tell.
  if (isApiError(check.error, 400)) return <UnusableLink />;

  return (
    <Form
      noValidate
      onSubmit={form.onSubmit(({ newPassword, confirmPassword }) => {
        if (newPassword !== confirmPassword) return;
        mutation.mutate(
          {
            userId: link.userId,
            Expires: Number(link.expires),
            RequestToken: link.token,
            NewPassword: newPassword,
          },
          { onError: (error) => showError(errorMessageFor(error, MESSAGES.passwordResetFailed)) },
        );
      })}
    >
      <Stack gap="md">
        <PasswordField
          label="New password"
          autoComplete="new-password"
          description="At least 8 characters"
          {...form.getInputProps('newPassword')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
          error={showMatchFlag && !doPasswordsMatch}
          aria-describedby="password-match-flag"
        />
        <Group
          id="password-match-flag"
          gap={6}
          aria-live="polite"
          data-matches={showMatchFlag ? String(doPasswordsMatch) : undefined}
          mih={22}
        >
          {showMatchFlag &&
            (doPasswordsMatch ? (
              <>
                <CheckIcon size={16} color="var(--mantine-color-teal-7)" />
                <Text size="sm" c="teal.8">
                  Passwords match
                </Text>
              </>
            ) : (
              <>
                <AlertIcon size={16} color="var(--mantine-color-red-7)" />
                <Text size="sm" c="red.8">
                  Passwords do not match
                </Text>
              </>
            ))}
        </Group>
        <Button type="submit" size="md" loading={mutation.isPending}>
          Reset password
        </Button>
      </Stack>
    </Form>
  );
}
