import { Group, Stack, Text } from '@mantine/core';
import type { UserDevice } from '@monitor/contract/user-devices';
import { isHumidityShown } from '@monitor/domain/devices/device-types';
import { roundLastRead } from '@monitor/domain/devices/last-read';
import {
  fahrenheit,
  fromStoredFahrenheit,
  type TempPref,
} from '@monitor/domain/shared/temperature';
import { LastReport } from '../../../entities/device/components/last-report';

/** A stored °F reading in the user's unit, rounded like every last-read display (device-management §9). */
export function shownTemperature(value: number | null, unit: TempPref): string {
  const rounded = roundLastRead(
    value === null ? null : fromStoredFahrenheit(fahrenheit(value), unit, 1),
  );
  return rounded === null ? '--' : `${rounded}°${unit}`;
}

export function shownHumidity(value: number | null): string {
  const rounded = roundLastRead(value);
  return rounded === null ? '--' : `${rounded}%`;
}

/**
 * The last reading, rounded (device-management §9), with its report time (see LastReport). The
 * lines keep their height so a new value does not move the card.
 */
export function DeviceReading({
  device,
  tempPref,
  isWaiting,
  size = 'lg',
}: {
  device: UserDevice;
  tempPref: TempPref;
  isWaiting: boolean;
  size?: 'lg' | 'sm';
}) {
  const lastRead = device.LastRead;
  const showsHumidity = isHumidityShown(device.DeviceType);
  const valueSize = size === 'lg' ? 28 : 18;
  return (
    <Stack gap={2}>
      <Group gap="lg" wrap="nowrap" style={{ fontVariantNumeric: 'tabular-nums' }}>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Temperature
          </Text>
          <Text fz={valueSize} fw={700} lh={1.2} miw="4ch">
            {shownTemperature(lastRead?.Temperature ?? null, tempPref)}
          </Text>
        </Stack>
        {showsHumidity && (
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Humidity
            </Text>
            <Text fz={valueSize} fw={700} lh={1.2} miw="4ch">
              {shownHumidity(lastRead?.Humidity ?? null)}
            </Text>
          </Stack>
        )}
      </Group>
      <Text size="xs" c="dimmed" mih="1.5em" aria-live="polite">
        <LastReport device={device} isWaiting={isWaiting} />
      </Text>
    </Stack>
  );
}
