import { useState } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Peripheral } from '@monitor/contract/peripherals';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { useErrorModal } from '../../../components/ui/error-modal';
import { errorMessageFor } from '../../../lib/api-client';
import { useUpdatePeripheralMutation } from '../api/update-peripheral';
import { InfoSaveRow } from './info-save-row';
import type { SaveState } from './range-editor';
import { LimitedTextInput } from '../../../components/ui/limited-text-input';
import { Form } from '../../../components/ui/form';

export type PuckInfoFieldsProps = { puck: Peripheral; isReadOnly: boolean; onSaved: () => void };

/** Puck view of the information form: the chosen puck's name and location (device-management §2, §5). */
export function PuckInfoFields({ puck, isReadOnly, onSaved }: PuckInfoFieldsProps) {
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const form = useForm({
    initialValues: { name: puck.Name ?? '', location: puck.Location ?? '' },
    validate: {
      name: (value) => (value.trim() ? null : 'Name is required.'),
      location: (value) => (value.trim() ? null : 'Location is required.'),
    },
    // A problem stays shown until the next save, as it always has.
    clearInputErrorOnChange: false,
    onValuesChange: () => setSaveState('idle'),
  });
  const mutation = useUpdatePeripheralMutation();
  const showError = useErrorModal();

  function save({ name, location }: typeof form.values) {
    setSaveState('saving');
    mutation.mutate(
      { id: puck.Id, name: name.trim(), location: location.trim() },
      {
        onSuccess: () => {
          setSaveState('saved');
          onSaved();
        },
        onError: (error) => {
          setSaveState('idle');
          // A location already used on the device comes back as the server's own message (§5).
          showError(errorMessageFor(error, DEVICE_MANAGEMENT_MESSAGES.saveNewInformationFailed));
        },
      },
    );
  }

  return (
    <Form onSubmit={form.onSubmit(save)} aria-label="SPuck information">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <LimitedTextInput
            label="SPuck name"
            required
            {...form.getInputProps('name')}
            disabled={isReadOnly}
          />
          <LimitedTextInput
            label="SPuck location"
            required
            {...form.getInputProps('location')}
            disabled={isReadOnly}
          />
        </SimpleGrid>
        <InfoSaveRow
          saveState={saveState}
          isReadOnly={isReadOnly}
          savedMessage="SPuck information saved"
        />
      </Stack>
    </Form>
  );
}
