import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Peripheral } from '@monitor/contract/peripherals';
import { DEVICE_RULE_MESSAGES } from '@monitor/domain/devices/device-rule-messages';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { useErrorModal } from '../../../components/ui/error-modal';
import { errorMessageFor } from '../../../lib/api-client';
import { useCreatePeripheralMutation } from '../api/create-peripheral';
import { checkPuckLabel } from '../lib/puck-name';
import { PuckSerialInput, type PuckSerialState } from './puck-serial-input';
import { LimitedTextInput } from '../../../components/ui/limited-text-input';
import { Form } from '../../../components/ui/form';

export type PuckInformationStepProps = {
  userDeviceId: number;
  /** Something is typed that leaving would lose. */
  onDirtyChange: (isDirty: boolean) => void;
  onRegistered: (puck: Peripheral) => void;
  /** The server refused the puck for the device's firmware (below 8, device-management §9). */
  onFirmwareIneligible: () => void;
};

/**
 * Step 1, puck information (device-management §2, §4 "Add puck flow", §5): the serial checked by
 * the server, a name and a location unique on the device, then POST /api/peripherals.
 */
export function PuckInformationStep({
  userDeviceId,
  onDirtyChange,
  onRegistered,
  onFirmwareIneligible,
}: PuckInformationStepProps) {
  const [serialState, setSerialState] = useState<PuckSerialState>({
    status: 'invalid',
    message: null,
  });
  const form = useForm({
    initialValues: { name: '', location: '' },
    validate: {
      name: (value) => checkPuckLabel('Name', value),
      location: (value) => checkPuckLabel('Location', value),
    },
    // A problem stays shown until the next try, as it always has.
    clearInputErrorOnChange: false,
    onValuesChange: () => onDirtyChange(true),
  });
  const mutation = useCreatePeripheralMutation();
  const showError = useErrorModal();

  function register({ name, location }: typeof form.values) {
    if (serialState.status !== 'valid') return;
    mutation.mutate(
      { userDeviceId, serial: serialState.serial, name: name.trim(), location: location.trim() },
      {
        onSuccess: onRegistered,
        onError: (error) => {
          const message = errorMessageFor(error, '');
          if (message === DEVICE_RULE_MESSAGES.pucksNeedNewerFirmware) {
            onFirmwareIneligible();
            return;
          }
          // A location already used on the device comes back as the server's own message (§5).
          showError(DEVICE_MANAGEMENT_MESSAGES.addPeripheralFailed(message));
        },
      },
    );
  }

  return (
    <Form onSubmit={form.onSubmit(register)} aria-label="SPuck information" noValidate>
      <Stack gap="md">
        <PuckSerialInput
          isDisabled={mutation.isPending}
          onStateChange={(state) => {
            setSerialState(state);
            if (state.status !== 'invalid' || state.message) onDirtyChange(true);
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <LimitedTextInput
            label="SPuck name"
            required
            {...form.getInputProps('name')}
            disabled={mutation.isPending}
          />
          <LimitedTextInput
            label="SPuck location"
            description="Each SPuck on a device needs its own location."
            required
            {...form.getInputProps('location')}
            disabled={mutation.isPending}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={mutation.isPending}
            disabled={serialState.status !== 'valid'}
          >
            Next
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
