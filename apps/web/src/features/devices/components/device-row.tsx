import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { UserDevice } from '@monitor/contract/user-devices';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { powerStatusOf } from '../../../entities/device/lib/device-facts';
import { DeviceReading } from './device-reading';
import { skippedOffScreen } from './off-screen';
import { DeviceStatusBadge } from './device-status-badge';

const ROW_STYLE = skippedOffScreen(100);

/** One device in the list view: name, location, reading, power and status, linking to its detail. */
export function DeviceRow({
  device,
  tempPref,
  isWaiting,
}: {
  device: UserDevice;
  tempPref: TempPref;
  isWaiting: boolean;
}) {
  const power = powerStatusOf(device);
  const name = device.Name ?? device.SerialNumber;
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={name} style={ROW_STYLE}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={0} style={{ minWidth: 0, flex: '1 1 160px' }}>
          <Anchor component={Link} to={`/devices/${device.Id}`} fw={700} truncate>
            {name}
          </Anchor>
          <Text size="sm" c="dimmed" truncate>
            {device.Location || 'No location set'}
          </Text>
        </Stack>
        <DeviceReading device={device} tempPref={tempPref} isWaiting={isWaiting} size="sm" />
        <Stack gap={4} align="flex-end">
          <DeviceStatusBadge device={device} label={`${name} status`} />
          <Text size="xs" c="dimmed">
            Power: {power?.label ?? '--'}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
