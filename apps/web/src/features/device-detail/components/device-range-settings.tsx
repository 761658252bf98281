import { useState } from 'react';
import { SimpleGrid, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { UserDevice } from '@monitor/contract/user-devices';
import type { SensorType } from '@monitor/domain/alarms/alarm-points';
import { temperatureModelOf } from '@monitor/domain/alarms/alarm-ranges';
import { hasHumidityAlarm } from '@monitor/domain/devices/device-types';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { useErrorModal } from '../../../components/ui/error-modal';
import { errorMessageFor } from '../../../lib/api-client';
import { getUserDeviceQueryOptions } from '../api/get-user-device';
import { setAlarmPointEnabled } from '../api/set-alarm-point-enabled';
import { updateUserDevice } from '../api/update-user-device';
import type { AlarmChange } from '../hooks/use-alarm-change-report';
import { findAlarmPoint } from '../../../entities/device/lib/device-facts';
import { RangeEditor } from './range-editor';

export type DeviceRangeSettingsProps = {
  device: UserDevice;
  userId: number;
  unit: TempPref;
  isReadOnly: boolean;
  onAlarmChange: (change: AlarmChange) => void;
};

type Sensor = Extract<SensorType, 'TEMP' | 'HUMIDITY'>;

/**
 * The device's own temperature and (not on NIST) humidity ranges with their on/off switches
 * (device-management §2, §4, §5). A switch sets the device's Temperature/HumidityActive and
 * enables or disables the alarm point: the server's alarm engine reads both.
 */
export function DeviceRangeSettings({
  device,
  userId,
  unit,
  isReadOnly,
  onAlarmChange,
}: DeviceRangeSettingsProps) {
  const queryClient = useQueryClient();
  const showError = useErrorModal();
  const [pending, setPending] = useState<Sensor | null>(null);
  const model = temperatureModelOf(device.DeviceType);
  const ref = { userId, userDeviceId: device.Id };
  const refresh = () => queryClient.invalidateQueries(getUserDeviceQueryOptions(ref));

  function saved() {
    void refresh();
    onAlarmChange('slider');
  }

  async function toggle(sensor: Sensor, isOn: boolean) {
    const point = findAlarmPoint(device.AlarmPoints, sensor);
    setPending(sensor);
    try {
      await updateUserDevice({
        ...ref,
        ...(sensor === 'TEMP' ? { TemperatureActive: isOn } : { HumidityActive: isOn }),
      });
      if (point) await setAlarmPointEnabled({ id: point.Id, isEnabled: isOn });
      onAlarmChange('slider');
    } catch (error) {
      showError(errorMessageFor(error, DEVICE_MANAGEMENT_MESSAGES.updateAlarmPointsFailed));
    } finally {
      setPending(null);
      await refresh();
    }
  }

  const sensors: { type: Sensor; title: string; label: string; isOn: boolean }[] = [
    {
      type: 'TEMP',
      title: 'Temperature range',
      label: 'Temperature alarm',
      isOn: device.TemperatureActive,
    },
    ...(hasHumidityAlarm(device.DeviceType)
      ? [
          {
            type: 'HUMIDITY' as const,
            title: 'Humidity range',
            label: 'Humidity alarm',
            isOn: device.HumidityActive,
          },
        ]
      : []),
  ];

  const editors = sensors.flatMap((sensor) => {
    const point = findAlarmPoint(device.AlarmPoints, sensor.type);
    if (!point) return [];
    return [
      <RangeEditor
        key={`${point.Id}-${unit}`}
        point={point}
        title={sensor.title}
        model={model}
        unit={unit}
        isReadOnly={isReadOnly}
        onSaved={saved}
        toggle={{
          label: sensor.label,
          isOn: sensor.isOn,
          isPending: pending === sensor.type,
          onChange: (isOn) => void toggle(sensor.type, isOn),
        }}
      />,
    ];
  });

  if (editors.length === 0) return <Text c="dimmed">This device has no alarm ranges to set.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {editors}
    </SimpleGrid>
  );
}
