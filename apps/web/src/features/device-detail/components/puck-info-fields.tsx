import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import type { Peripheral } from '@monitor/contract/peripherals';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/messages';
import { useErrorModal } from '../../../components/ui/error-modal';
import { errorMessageFor } from '../../../lib/api-client';
import { useUpdatePeripheralMutation } from '../api/update-peripheral';
import { SAVE_LABEL, type SaveState } from './range-editor';

export type PuckInfoFieldsProps = { puck: Peripheral; isReadOnly: boolean; onSaved: () => void };

/** Puck view of the information form: the chosen puck's name and location (device-management §2, §5). */
export function PuckInfoFields({ puck, isReadOnly, onSaved }: PuckInfoFieldsProps) {
  const [name, setName] = useState(puck.Name ?? '');
  const [location, setLocation] = useState(puck.Location ?? '');
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [problems, setProblems] = useState<{ name?: string; location?: string }>({});
  const mutation = useUpdatePeripheralMutation();
  const showError = useErrorModal();

  function save(event: React.FormEvent) {
    event.preventDefault();
    const found = {
      ...(!name.trim() && { name: 'Name is required.' }),
      ...(!location.trim() && { location: 'Location is required.' }),
    };
    setProblems(found);
    if (found.name || found.location) return;
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
    <form onSubmit={save} aria-label="SPuck information">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="SPuck name"
            required
            value={name}
            error={problems.name}
            maxLength={100}
            disabled={isReadOnly}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setSaveState('idle');
            }}
          />
          <TextInput
            label="SPuck location"
            required
            value={location}
            error={problems.location}
            maxLength={100}
            disabled={isReadOnly}
            onChange={(event) => {
              setLocation(event.currentTarget.value);
              setSaveState('idle');
            }}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button
            type="submit"
            disabled={isReadOnly || saveState !== 'idle'}
            loading={saveState === 'saving'}
            variant={saveState === 'saved' ? 'light' : 'filled'}
            miw={96}
          >
            {SAVE_LABEL[saveState]}
          </Button>
        </Group>
        <VisuallyHidden role="status">
          {saveState === 'saved' ? 'SPuck information saved' : ''}
        </VisuallyHidden>
      </Stack>
    </form>
  );
}
