import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTimeout } from '@mantine/hooks';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { errorMessageFor } from '../../../lib/api-client';
import { PasswordField } from '../../../components/ui/password-field';
import { AlertIcon } from '../../../components/ui/icons/alert-icon';
import { CircleCheckIcon } from '../../../components/ui/icons/circle-check-icon';
import { useChangePasswordMutation } from '../api/change-password';
import { Form } from '../../../components/ui/form';

/** How long the confirmation stays before the modal closes (accounts-devices-billing §9). */
export const CLOSE_AFTER_SUCCESS_MS = 500;

const EMPTY = { current: '', next: '', confirm: '' };

/**
 * Current, new and confirmed password. A new password that differs from its confirmation saves
 * nothing (accounts-devices-billing §5); after success the modal closes after 0.5 s.
 */
export function ChangePasswordModal({
  userId,
  opened,
  onClose,
}: {
  userId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const mutation = useChangePasswordMutation();
  const form = useForm({
    initialValues: EMPTY,
    validate: {
      confirm: (value, values) => (value !== values.next ? 'Passwords do not match.' : null),
      // Said only once the two match: a mismatch is the one thing shown.
      next: (value, values) =>
        value === values.confirm && value.length < 8
          ? 'Password must be at least 8 characters long.'
          : null,
    },
    // Typing a new password or its confirmation clears both messages; the current one, neither.
    clearInputErrorOnChange: false,
    onValuesChange: (values, previous) => {
      if (values.next !== previous.next || values.confirm !== previous.confirm) form.clearErrors();
    },
  });
  // Cleared if the modal is closed or unmounted first.
  const closeLater = useTimeout(close, CLOSE_AFTER_SUCCESS_MS);

  function close() {
    closeLater.clear();
    form.reset();
    mutation.reset();
    onClose();
  }

  function save(values: typeof EMPTY) {
    mutation.mutate(
      { userId, CurrentPassword: values.current, NewPassword: values.next },
      { onSuccess: () => closeLater.start() },
    );
  }

  return (
    <Modal opened={opened} onClose={close} title="Change password" centered>
      <Form noValidate onSubmit={form.onSubmit(save)}>
        <Stack gap="md">
          {mutation.isSuccess && (
            <Alert color="teal" icon={<CircleCheckIcon />}>
              Password changed.
            </Alert>
          )}
          {mutation.isError && (
            <Alert color="red" icon={<AlertIcon />}>
              {errorMessageFor(mutation.error, MESSAGES.newPasswordFailed)}
            </Alert>
          )}
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            {...form.getInputProps('current')}
            data-autofocus
          />
          <PasswordField
            label="New password"
            description="At least 8 characters"
            autoComplete="new-password"
            {...form.getInputProps('next')}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            {...form.getInputProps('confirm')}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending} disabled={mutation.isSuccess}>
              Save password
            </Button>
          </Group>
        </Stack>
      </Form>
    </Modal>
  );
}
