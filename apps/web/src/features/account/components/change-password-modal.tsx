import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { MESSAGES } from '@monitor/domain/messages';
import { errorMessageFor } from '../../../lib/api-client';
import { PasswordField } from '../../../components/ui/password-field';
import { AlertIcon, CircleCheckIcon } from '../../../components/ui/icons';
import { useChangePasswordMutation } from '../api/change-password';

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
  const [values, setValues] = useState(EMPTY);
  const [mismatch, setMismatch] = useState(false);
  const [tooShort, setTooShort] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  function close() {
    clearTimeout(closeTimer.current);
    setValues(EMPTY);
    setMismatch(false);
    setTooShort(false);
    mutation.reset();
    onClose();
  }

  function save() {
    if (values.next !== values.confirm) {
      setMismatch(true);
      return;
    }
    if (values.next.length < 8) {
      setTooShort(true);
      return;
    }
    mutation.mutate(
      { userId, CurrentPassword: values.current, NewPassword: values.next },
      { onSuccess: () => (closeTimer.current = setTimeout(close, CLOSE_AFTER_SUCCESS_MS)) },
    );
  }

  const set = (key: keyof typeof EMPTY) => (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    setValues((current) => ({ ...current, [key]: text }));
    if (key !== 'current') {
      setMismatch(false);
      setTooShort(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Change password" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
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
            value={values.current}
            onChange={set('current')}
            data-autofocus
          />
          <PasswordField
            label="New password"
            description="At least 8 characters"
            autoComplete="new-password"
            value={values.next}
            onChange={set('next')}
            error={tooShort ? 'Password must be at least 8 characters long.' : undefined}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            value={values.confirm}
            onChange={set('confirm')}
            error={mismatch ? 'Passwords do not match.' : undefined}
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
      </form>
    </Modal>
  );
}
