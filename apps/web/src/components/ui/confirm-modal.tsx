import { Button, Group, Modal, Text, type MantineColor } from '@mantine/core';
import { useFirstOpen } from './use-first-open';

export type ConfirmModalProps = {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  /** 'red' for an action that removes something. */
  confirmColor?: MantineColor;
  cancelLabel?: string;
  isConfirming?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A yes/no question before an action that cannot be undone from here. */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel = 'Confirm',
  confirmColor,
  cancelLabel = 'Cancel',
  isConfirming = false,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  // Cards in a list each carry one; a closed Modal still costs a portal and listeners.
  const { isMounted, isOpened } = useFirstOpen(opened);
  if (!isMounted) return null;
  return (
    <Modal opened={isOpened} onClose={onCancel} title={title} centered>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={isConfirming}>
          {cancelLabel}
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={isConfirming} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
