import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { errorMessageFor } from '../../../lib/api-client';
import { useBrand } from '../../../lib/brand-context';
import { useErrorModal } from '../../../components/ui/error-modal';
import { MailIcon } from '../../../components/ui/icons/mail-icon';
import { useInitiatePasswordResetMutation } from '../api/initiate-password-reset';
import { Form } from '../../../components/ui/form';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Asks for a reset link: e-mail, cancel (home) and submit; after success a confirmation with a
 * home button (store-and-public-site §2 "Forgot-password page").
 */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const brand = useBrand();
  const showError = useErrorModal();
  const mutation = useInitiatePasswordResetMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: {
      email: (value) => (EMAIL_PATTERN.test(value.trim()) ? null : 'Enter a valid e-mail address.'),
    },
  });

  if (sentTo) {
    return (
      <Stack align="center" ta="center" gap="md" py="md">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal">
          <MailIcon size={28} />
        </ThemeIcon>
        <Title order={2} fz="h3">
          Check your e-mail
        </Title>
        <Text c="dimmed">
          If an account exists for <strong>{sentTo}</strong>, a link to choose a new password is on
          its way. The link works once and expires after a while.
        </Text>
        <Button onClick={() => void navigate('/')} size="md">
          Back to home
        </Button>
      </Stack>
    );
  }

  return (
    <Form
      noValidate
      onSubmit={form.onSubmit(({ email }) =>
        mutation.mutate(
          { EmailAddress: email.trim(), TenantId: brand.tenantId },
          {
            onSuccess: () => setSentTo(email.trim()),
            onError: (error) =>
              showError(errorMessageFor(error, MESSAGES.passwordResetRequestFailed)),
          },
        ),
      )}
    >
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          description="The address you signed up with"
          {...form.getInputProps('email')}
        />
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => void navigate('/')}
            disabled={mutation.isPending}
          >
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Send reset link
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
