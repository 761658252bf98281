import { useState } from 'react';
import { Button, Group, Select, SimpleGrid, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import type { UserDevice } from '@monitor/contract/user-devices';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/messages';
import {
  DEFAULT_TIME_ZONE_OFFSET,
  formatTimeZoneOption,
  TIME_ZONE_OPTIONS,
} from '@monitor/domain/time-zones';
import { useErrorModal } from '../../../components/ui/error-modal';
import { errorMessageFor } from '../../../lib/api-client';
import { useUpdateUserDeviceMutation } from '../api/update-user-device';
import { SAVE_LABEL, type SaveState } from './range-editor';

const TIME_ZONE_DATA = TIME_ZONE_OPTIONS.map((option) => ({
  value: String(option.offset),
  label: formatTimeZoneOption(option),
}));

export type DeviceInfoFieldsProps = { device: UserDevice; userId: number; isReadOnly: boolean };

/** Device view of the information form: name, location and time zone (device-management §2). */
export function DeviceInfoFields({ device, userId, isReadOnly }: DeviceInfoFieldsProps) {
  const [name, setName] = useState(device.Name ?? '');
  const [location, setLocation] = useState(device.Location ?? '');
  const [timeZone, setTimeZone] = useState(String(device.TimeZone ?? DEFAULT_TIME_ZONE_OFFSET));
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [nameError, setNameError] = useState<string | null>(null);
  const mutation = useUpdateUserDeviceMutation();
  const showError = useErrorModal();

  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setSaveState('idle');
    };

  function save(event: React.FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Name is required.');
      return;
    }
    setNameError(null);
    setSaveState('saving');
    mutation.mutate(
      {
        userId,
        userDeviceId: device.Id,
        Name: name.trim(),
        Location: location.trim() || null,
        TimeZone: Number(timeZone),
      },
      {
        onSuccess: () => setSaveState('saved'),
        onError: (error) => {
          setSaveState('idle');
          showError(errorMessageFor(error, DEVICE_MANAGEMENT_MESSAGES.saveNewInformationFailed));
        },
      },
    );
  }

  return (
    <form onSubmit={save} aria-label="Device information">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput
            label="Device name"
            required
            value={name}
            error={nameError}
            maxLength={100}
            disabled={isReadOnly}
            onChange={(event) => edited(setName)(event.currentTarget.value)}
          />
          <TextInput
            label="Location"
            value={location}
            maxLength={100}
            disabled={isReadOnly}
            onChange={(event) => edited(setLocation)(event.currentTarget.value)}
          />
          <Select
            label="Time zone"
            data={TIME_ZONE_DATA}
            value={timeZone}
            allowDeselect={false}
            disabled={isReadOnly}
            onChange={(value) => value && edited(setTimeZone)(value)}
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
          {saveState === 'saved' ? 'Device information saved' : ''}
        </VisuallyHidden>
      </Stack>
    </form>
  );
}
