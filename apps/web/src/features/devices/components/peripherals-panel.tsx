import { useEffect } from 'react';
import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { AlarmPoint } from '@monitor/contract/alarm-points';
import type { Peripheral } from '@monitor/contract/peripherals';
import { classifyBatteryLevel } from '@monitor/domain/devices/battery';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { evaluatePuckStatus } from '@monitor/domain/alarms/puck-status';
import { isLogicLevel } from '@monitor/domain/devices/pucks';
import type { RangeReading } from '@monitor/domain/alarms/status';
import { useErrorModal } from '../../../components/ui/error-modal';
import { usePeripheralsByDevice } from '../api/get-peripherals-by-device';
import { StatusIndicator } from './status-indicator';
import { batteryLabel } from '../../../entities/device/lib/battery-label';

function puckReading(point: AlarmPoint | undefined): RangeReading | null {
  if (!point?.Enabled || point.RangeMin === null || point.RangeMax === null) return null;
  return {
    value: point.DeviceSensor.LastReadValue,
    range: { min: point.RangeMin, max: point.RangeMax },
    lastRangeChange: point.DeviceSensor.LastRangeChange
      ? new Date(point.DeviceSensor.LastRangeChange)
      : null,
  };
}

function PuckRow({ puck, alarmPoints }: { puck: Peripheral; alarmPoints: AlarmPoint[] }) {
  const own = alarmPoints.filter((point) => point.PeripheralId === puck.Id);
  const find = (type: string) => own.find((point) => point.DeviceSensor.SensorType === type);
  const status = evaluatePuckStatus(
    {
      logicLevel: isLogicLevel(puck.LogicLevel) ? puck.LogicLevel : null,
      temperature: puckReading(find('SP_TEMP')),
      humidity: puckReading(find('SP_HUMID')),
      water: find('WATER')?.DeviceSensor.LastReadValue ?? null,
      batteryLevel: puck.BatteryLevel,
    },
    new Date(),
  );
  return (
    <Paper withBorder p="xs" radius="sm" component="li">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" truncate>
            {puck.Name ?? puck.SerialNumber}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {[
              puck.Location,
              puck.SerialNumber,
              classifyBatteryLevel(puck.BatteryLevel) === 'unavailable'
                ? null
                : `Battery ${batteryLabel(puck.BatteryLevel)}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        <StatusIndicator
          colour={status.colour}
          isSyncing={status.isSyncing}
          label={`${puck.Name ?? puck.SerialNumber} status`}
        />
      </Group>
    </Paper>
  );
}

/**
 * The card's peripherals panel: puck data loads only when it opens (device-management §2), each
 * puck with its status indicator (device-management §4).
 */
export function PeripheralsPanel({
  userDeviceId,
  isOpen,
}: {
  userDeviceId: number;
  isOpen: boolean;
}) {
  const { data, isPending, isError } = usePeripheralsByDevice(userDeviceId, { enabled: isOpen });
  const showError = useErrorModal();
  useEffect(() => {
    if (isError) showError(DEVICE_MANAGEMENT_MESSAGES.peripheralServerError);
  }, [isError, showError]);
  if (!isOpen) return null;
  if (isPending) {
    return (
      <Stack gap="xs" aria-busy aria-label="Loading SPucks">
        <Skeleton height={44} />
        <Skeleton height={44} />
      </Stack>
    );
  }
  if (isError) {
    return (
      <Text size="sm" c="red">
        The SPucks could not be loaded. Close and open the panel to try again.
      </Text>
    );
  }
  if (data.Peripherals.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No SPucks on this device yet.
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {data.Peripherals.map((puck) => (
        <PuckRow key={puck.Id} puck={puck} alarmPoints={data.AlarmPoints} />
      ))}
    </Stack>
  );
}
