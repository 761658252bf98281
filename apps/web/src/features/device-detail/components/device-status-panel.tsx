import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UserDevice } from '@monitor/contract/user-devices';
import {
  HUMIDITY_LIMITS,
  SLIDER_TEMPERATURE_LIMITS,
  temperatureModelOf,
} from '@monitor/domain/alarms/alarm-ranges';
import { isHumidityShown } from '@monitor/domain/devices/device-types';
import { displaySignalStrength, roundLastRead } from '@monitor/domain/devices/last-read';
import { wetBulbInUnit } from '@monitor/domain/devices/psychrometrics';
import { evaluatePowerStatus, type ReadingStatus } from '@monitor/domain/alarms/status';
import {
  fahrenheit,
  fromStoredFahrenheit,
  roundTo,
  type TempPref,
} from '@monitor/domain/shared/temperature';
import type { LiveState } from '../../../entities/device/hooks/use-live-reading';
import {
  deviceStatusOf,
  SIGNAL_SCALE,
  switchReadingsOf,
} from '../../../entities/device/lib/device-status';
import { rangeEntryOf } from '../../../entities/device/lib/range-entry';
import {
  findAlarmPoint,
  LEVEL_COLOUR,
  LEVEL_LABEL,
  rangeOf,
  READING_STATE_LABEL,
} from '../../../entities/device/lib/device-facts';
import { RangeVisualisation } from './range-visualisation';
import { LastReport } from '../../../entities/device/components/last-report';
import { StatusTile } from './status-tile';

const NO_VALUE = '—';

function readingState(status: ReadingStatus | null) {
  if (!status) return null;
  const colour = status.level === null ? 'gray' : LEVEL_COLOUR[status.level];
  return { label: READING_STATE_LABEL[status.state], colour };
}

export type DeviceStatusPanelProps = {
  device: UserDevice;
  unit: TempPref;
  now: Date;
  /** The live channel: 'waiting' shows 'Loading latest readings' (device-management §4). */
  liveState?: LiveState;
};

/**
 * The Device Status tab's widgets: status indicator, temperature, humidity, power, signal,
 * wet bulb and the range visualisation (device-management §2, §4, §9).
 */
export function DeviceStatusPanel({
  device,
  unit,
  now,
  liveState = 'off',
}: DeviceStatusPanelProps) {
  const read = device.LastRead;
  const status = deviceStatusOf(device, now);
  const showHumidity = isHumidityShown(device.DeviceType);
  const temperature = read?.Temperature ?? null;
  const humidity = read?.Humidity ?? null;
  const power = evaluatePowerStatus({ power: read?.Power ?? null, isMuted: device.Mute });
  const signal = displaySignalStrength(read?.SignalStrength);
  const wetBulb =
    temperature !== null && humidity !== null
      ? wetBulbInUnit(fahrenheit(temperature), humidity, unit)
      : null;
  const tempPoint = findAlarmPoint(device.AlarmPoints, 'TEMP');
  const humidityPoint = findAlarmPoint(device.AlarmPoints, 'HUMIDITY');
  const tempRange = rangeOf(tempPoint);
  const humidityRange = rangeOf(humidityPoint);
  const model = temperatureModelOf(device.DeviceType);
  // No report is no status, not a green one (issue #24).
  const indicator = !read
    ? 'No report yet'
    : status.isSyncing && status.level === 0
      ? 'Syncing'
      : LEVEL_LABEL[status.level];
  const dotColour =
    !read || (status.isSyncing && status.level === 0) ? 'gray' : LEVEL_COLOUR[status.level];
  const shownTemperature =
    temperature === null ? null : fromStoredFahrenheit(fahrenheit(temperature), unit);

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" role="status" aria-label={`Device status: ${indicator}`}>
            <span
              aria-hidden
              style={{
                width: 18,
                height: 18,
                borderRadius: 9,
                background: `var(--mantine-color-${dotColour}-6)`,
              }}
            />
            <Text fw={700} size="lg">
              {indicator}
            </Text>
            {(status.temperature?.isRangeChanged || status.humidity?.isRangeChanged) && (
              <Badge variant="light" color="blue">
                Range recently changed
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" role="status">
            <LastReport device={device} isWaiting={liveState === 'waiting'} />
          </Text>
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        <StatusTile
          label="Temperature"
          value={shownTemperature === null ? NO_VALUE : `${shownTemperature}°${unit}`}
          state={
            device.TemperatureActive
              ? readingState(status.temperature)
              : { label: 'Alarm off', colour: 'gray' }
          }
        />
        {showHumidity && (
          <StatusTile
            label="Humidity"
            value={humidity === null ? NO_VALUE : `${roundLastRead(humidity)}%`}
            state={
              device.HumidityActive
                ? readingState(status.humidity)
                : { label: 'Alarm off', colour: 'gray' }
            }
          />
        )}
        <StatusTile
          label="Power"
          value={power?.label ?? NO_VALUE}
          state={
            power ? { label: LEVEL_LABEL[power.level], colour: LEVEL_COLOUR[power.level] } : null
          }
        />
        {switchReadingsOf(device).map(({ sensor, isDetected }) => (
          <StatusTile
            key={sensor}
            label={sensor}
            value={isDetected ? 'Detected' : 'None'}
            state={{
              label: LEVEL_LABEL[isDetected ? 2 : 0],
              colour: LEVEL_COLOUR[isDetected ? 2 : 0],
            }}
          />
        ))}
        <StatusTile
          label="Signal strength"
          value={signal === null ? NO_VALUE : `${signal}`}
          footnote={signal === null ? undefined : `out of ${SIGNAL_SCALE}`}
        />
        {showHumidity && (
          <StatusTile
            label="Wet bulb"
            value={wetBulb === null ? NO_VALUE : `${roundTo(wetBulb)}°${unit}`}
            footnote="From temperature and humidity"
          />
        )}
      </SimpleGrid>
      {(tempRange || (showHumidity && humidityRange)) && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            {tempRange && (
              <RangeVisualisation
                label="Temperature range"
                unit={`°${unit}`}
                range={(({ rangeMin, rangeMax }) => ({ min: rangeMin, max: rangeMax }))(
                  rangeEntryOf('TEMP', { rangeMin: tempRange.min, rangeMax: tempRange.max }, unit),
                )}
                value={shownTemperature}
                scale={SLIDER_TEMPERATURE_LIMITS[model][unit]}
              />
            )}
            {showHumidity && humidityRange && (
              <RangeVisualisation
                label="Humidity range"
                unit="%"
                range={humidityRange}
                value={roundLastRead(humidity)}
                scale={HUMIDITY_LIMITS}
              />
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
