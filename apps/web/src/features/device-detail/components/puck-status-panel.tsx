import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Peripheral } from '@monitor/contract/peripherals';
import { evaluatePuckStatus, usablePuckReading } from '@monitor/domain/alarms/puck-status';
import {
  formatPuckSerial,
  hasPuckGraph,
  isLogicLevel,
  puckSensors,
} from '@monitor/domain/devices/pucks';
import { fahrenheit, formatTemperature, type TempPref } from '@monitor/domain/shared/temperature';
import {
  findAlarmPoint,
  LEVEL_COLOUR,
  LEVEL_LABEL,
  toRangeReading,
} from '../../../entities/device/lib/device-facts';
import { batteryLabel } from '../../../entities/device/lib/battery-label';

function PuckCard({
  puck,
  userDeviceId,
  unit,
  now,
  isSelected,
  actions,
}: {
  puck: Peripheral;
  userDeviceId: number;
  unit: TempPref;
  now: Date;
  isSelected: boolean;
  actions: ReactNode;
}) {
  const logicLevel = isLogicLevel(puck.LogicLevel) ? puck.LogicLevel : null;
  const shown = puckSensors(logicLevel).statusSensors;
  const point = (type: 'SP_TEMP' | 'SP_HUMID' | 'WATER') =>
    findAlarmPoint(puck.AlarmPoints, type, puck.Id);
  const temperaturePoint = point('SP_TEMP');
  const humidityPoint = point('SP_HUMID');
  const temperature = usablePuckReading(temperaturePoint?.DeviceSensor.LastReadValue ?? null);
  const humidity = usablePuckReading(humidityPoint?.DeviceSensor.LastReadValue ?? null);
  const water = point('WATER')?.DeviceSensor.LastReadValue ?? null;
  const status = evaluatePuckStatus(
    {
      logicLevel,
      temperature: temperaturePoint?.Enabled ? toRangeReading(temperature, temperaturePoint) : null,
      humidity: humidityPoint?.Enabled ? toRangeReading(humidity, humidityPoint) : null,
      water,
      batteryLevel: puck.BatteryLevel,
    },
    now,
  );
  const label = status.isSyncing && status.level === 0 ? 'Syncing' : LEVEL_LABEL[status.level];
  const title = puck.Name ?? 'SPuck';
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={`${title}, status ${label}`}
      style={
        isSelected ? { borderColor: 'var(--mantine-color-blue-5)', borderWidth: 2 } : undefined
      }
    >
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={700}>{title}</Text>
            <Text size="sm" c="dimmed">
              {puck.Location ?? ''} · {formatPuckSerial(puck.Id)}
            </Text>
          </div>
          <Badge color={LEVEL_COLOUR[status.level]} variant="filled">
            {label}
          </Badge>
        </Group>
        <Group gap="lg" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {shown.includes('temperature') && (
            <Text size="sm">
              Temperature{' '}
              <b>{temperature === null ? '—' : formatTemperature(fahrenheit(temperature), unit)}</b>
            </Text>
          )}
          {shown.includes('humidity') && (
            <Text size="sm">
              Humidity <b>{humidity === null ? '—' : `${Math.round(humidity)}%`}</b>
            </Text>
          )}
          {shown.includes('water') && (
            <Text size="sm">
              Water <b>{water === null || water === 255 ? '—' : water > 0 ? 'Detected' : 'Dry'}</b>
            </Text>
          )}
        </Group>
        <Group justify="space-between">
          <Text size="sm">Battery: {batteryLabel(puck.BatteryLevel)}</Text>
          <Group gap="sm">
            <Anchor
              component={Link}
              to={`/devices/${userDeviceId}?view=settings&spuckid=${puck.Id}`}
              size="sm"
            >
              Settings
            </Anchor>
            {hasPuckGraph(logicLevel) && (
              <Anchor
                component={Link}
                to={`/devices/${userDeviceId}/spuckhistory?spuckid=${puck.Id}`}
                size="sm"
              >
                History
              </Anchor>
            )}
          </Group>
        </Group>
        {actions}
      </Stack>
    </Paper>
  );
}

export type PuckStatusPanelProps = {
  pucks: readonly Peripheral[];
  userDeviceId: number;
  unit: TempPref;
  now: Date;
  selectedPuckId: string | null;
  /** Slot for a puck's replace and remove actions (composed by the page); none when read-only. */
  renderPuckActions?: (puck: Peripheral) => ReactNode;
};

/** The SPuck Status tab: each puck's status, readings its logic level shows, and battery (device-management §2, §4). */
export function PuckStatusPanel({
  pucks,
  userDeviceId,
  unit,
  now,
  selectedPuckId,
  renderPuckActions,
}: PuckStatusPanelProps) {
  if (pucks.length === 0) {
    return <Text c="dimmed">No SPucks are attached to this device.</Text>;
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {pucks.map((puck) => (
        <PuckCard
          key={puck.Id}
          puck={puck}
          userDeviceId={userDeviceId}
          unit={unit}
          now={now}
          isSelected={puck.Id === selectedPuckId}
          actions={renderPuckActions?.(puck)}
        />
      ))}
    </SimpleGrid>
  );
}
