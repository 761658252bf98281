import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { useErrorModal } from '../../../components/ui/error-modal';
import { useDeletePeripheralMutation } from '../api/delete-peripheral';
import { ReplacePuckModal } from './replace-puck-modal';

export type PuckActionsProps = {
  puck: { id: string; name: string };
  userDeviceId: number;
  imei: string;
  /** After a replace or removal: the device's puck list is out of date. */
  onChanged: () => void;
};

/**
 * Replace and remove for one puck (device-management §2 "delete peripheral" modal, §4 "Puck
 * transfer", §8). Name and location are edited in the device information form's puck view.
 */
export function PuckActions({ puck, userDeviceId, imei, onChanged }: PuckActionsProps) {
  const [open, setOpen] = useState<'replace' | 'remove' | null>(null);
  const removal = useDeletePeripheralMutation();
  const showError = useErrorModal();
  const close = () => setOpen(null);

  function remove() {
    removal.mutate(
      { userDeviceId, id: puck.id },
      {
        onSuccess: () => {
          close();
          onChanged();
        },
        onError: () => {
          close();
          showError(DEVICE_MANAGEMENT_MESSAGES.removePeripheralFailed);
        },
      },
    );
  }

  return (
    <Group gap="xs">
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => setOpen('replace')}
        aria-label={`Replace ${puck.name}`}
      >
        Replace
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        color="red"
        onClick={() => setOpen('remove')}
        aria-label={`Remove ${puck.name}`}
      >
        Remove
      </Button>
      <ReplacePuckModal
        opened={open === 'replace'}
        puck={puck}
        imei={imei}
        onClose={close}
        onReplaced={() => {
          close();
          onChanged();
        }}
      />
      <ConfirmModal
        opened={open === 'remove'}
        title="Remove SPuck"
        message={`Remove ${puck.name} from this device? Its readings stop arriving here.`}
        confirmLabel="Remove SPuck"
        isConfirming={removal.isPending}
        onConfirm={remove}
        onCancel={close}
      />
    </Group>
  );
}
