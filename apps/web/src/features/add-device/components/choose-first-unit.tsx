import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { defaultNotificationRules, defaultRangeSettings } from '../lib/wizard-rules';
import type { FirstUnit } from './add-device-wizard';

/** A registered device the user may take as the first unit on a direct visit. */
export type ReferenceDevice = {
  serial: string;
  name: string;
  deviceType: number;
  tenantId: number;
  timeZone: number;
};

/** The first unit a registered device stands for: its type and tenant, the wizard's defaults (§4, §9). */
export function firstUnitOf(device: ReferenceDevice, unit: TempPref, email: string): FirstUnit {
  return {
    serial: device.serial,
    deviceType: device.deviceType,
    tenantId: device.tenantId,
    ranges: defaultRangeSettings(unit),
    rules: defaultNotificationRules(email, device.deviceType),
    timeZone: device.timeZone,
    location: '',
  };
}

/** On a direct visit: the registered device further units are like (accounts-devices-billing §4). */
export function ChooseFirstUnit({
  devices,
  onChoose,
}: {
  devices: readonly ReferenceDevice[] | null;
  onChoose: (device: ReferenceDevice) => void;
}) {
  const [serial, setSerial] = useState('');
  if (devices === null) return <Text role="status">Loading your devices…</Text>;
  if (devices.length === 0) {
    return (
      <Alert color="blue" title="Register your first device">
        <Stack gap="sm" align="flex-start">
          <Text>Further units are registered like a device you already have.</Text>
          <Button component={Link} to="/devices/add">
            Add a device
          </Button>
        </Stack>
      </Alert>
    );
  }
  const chosen = devices.find((d) => d.serial === serial) ?? devices[0]!;
  return (
    <Stack gap="md">
      <NativeSelect
        label="Register more units like"
        value={chosen.serial}
        data={devices.map((d) => ({ value: d.serial, label: `${d.name} (${d.serial})` }))}
        onChange={(event) => setSerial(event.currentTarget.value)}
      />
      <Group>
        <Button onClick={() => onChoose(chosen)}>Continue</Button>
      </Group>
    </Stack>
  );
}
