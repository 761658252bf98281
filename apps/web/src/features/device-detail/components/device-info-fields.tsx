import { useState } from 'react';
import { Select, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UserDevice } from '@monitor/contract/user-devices';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import {
  DEFAULT_TIME_ZONE_OFFSET,
  formatTimeZoneOption,
  TIME_ZONE_OPTIONS,
} from '@monitor/domain/devices/time-zones';
import { useErrorModal } from '../../../components/ui/error-modal';
import { errorMessageFor } from '../../../lib/api-client';
import { useUpdateUserDeviceMutation } from '../api/update-user-device';
import { InfoSaveRow } from './info-save-row';
import type { SaveState } from './range-editor';
import { LimitedTextInput } from '../../../components/ui/limited-text-input';
import { Form } from '../../../components/ui/form';

const TIME_ZONE_DATA = TIME_ZONE_OPTIONS.map((option) => ({
  value: String(option.offset),
  label: formatTimeZoneOption(option),
}));

export type DeviceInfoFieldsProps = { device: UserDevice; userId: number; isReadOnly: boolean };

/** Device view of the information form: name, location and time zone (device-management §2). */
export function DeviceInfoFields({ device, userId, isReadOnly }: DeviceInfoFieldsProps) {
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const form = useForm({
    initialValues: {
      name: device.Name ?? '',
      location: device.Location ?? '',
      timeZone: String(device.TimeZone ?? DEFAULT_TIME_ZONE_OFFSET),
    },
    validate: { name: (value) => (value.trim() ? null : 'Name is required.') },
    // A problem stays shown until the next save, as it always has.
    clearInputErrorOnChange: false,
    onValuesChange: () => setSaveState('idle'),
  });
  const mutation = useUpdateUserDeviceMutation();
  const showError = useErrorModal();

  function save({ name, location, timeZone }: typeof form.values) {
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
    <Form onSubmit={form.onSubmit(save)} aria-label="Device information">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <LimitedTextInput
            label="Device name"
            required
            {...form.getInputProps('name')}
            disabled={isReadOnly}
          />
          <LimitedTextInput
            label="Location"
            {...form.getInputProps('location')}
            disabled={isReadOnly}
          />
          <Select
            label="Time zone"
            data={TIME_ZONE_DATA}
            value={form.values.timeZone}
            allowDeselect={false}
            disabled={isReadOnly}
            onChange={(value) => value && form.setFieldValue('timeZone', value)}
          />
        </SimpleGrid>
        <InfoSaveRow
          saveState={saveState}
          isReadOnly={isReadOnly}
          savedMessage="Device information saved"
        />
      </Stack>
    </Form>
  );
}
