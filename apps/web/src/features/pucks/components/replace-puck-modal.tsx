import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { formatPuckSerial } from '@monitor/domain/devices/pucks';
import { useErrorModal } from '../../../components/ui/error-modal';
import { errorMessageFor } from '../../../lib/api-client';
import { useTransferPeripheralMutation } from '../api/transfer-peripheral';
import { PuckSerialInput, type PuckSerialState } from './puck-serial-input';

export type ReplacePuckModalProps = {
  opened: boolean;
  puck: { id: string; name: string };
  imei: string;
  onClose: () => void;
  onReplaced: () => void;
};

/**
 * Replaces (transfers) a puck by a new serial, checked like a new puck's: the new puck takes the
 * old one's place on the device (device-management §4 "Puck transfer", §7, §8).
 */
export function ReplacePuckModal({
  opened,
  puck,
  imei,
  onClose,
  onReplaced,
}: ReplacePuckModalProps) {
  const [serialState, setSerialState] = useState<PuckSerialState>({
    status: 'invalid',
    message: null,
  });
  const mutation = useTransferPeripheralMutation();
  const showError = useErrorModal();

  function replace() {
    if (serialState.status !== 'valid') return;
    mutation.mutate(
      { oldId: puck.id, newSerial: serialState.serial, imei },
      {
        onSuccess: onReplaced,
        onError: (error) =>
          showError(
            DEVICE_MANAGEMENT_MESSAGES.replaceSpuckFailed(
              errorMessageFor(error, DEVICE_MANAGEMENT_MESSAGES.peripheralServerError),
            ),
          ),
      },
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title={`Replace ${puck.name}`} centered>
      <Stack gap="md">
        <Text size="sm">
          The new SPuck takes the place of {puck.name} ({formatPuckSerial(puck.id)}) on this device.
        </Text>
        {opened && (
          <PuckSerialInput onStateChange={setSerialState} isDisabled={mutation.isPending} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            onClick={replace}
            loading={mutation.isPending}
            disabled={serialState.status !== 'valid'}
          >
            Replace SPuck
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
