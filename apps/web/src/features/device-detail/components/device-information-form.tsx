import { useState, type ReactNode } from 'react';
import { Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { UserDevice } from '@monitor/contract/user-devices';
import { findEnabledAlarms, type WatchedAlarm } from '@monitor/domain/alarms/alarm-recipients';
import { temperatureModelOf } from '@monitor/domain/alarms/alarm-ranges';
import { formatPuckSerial, isLogicLevel, puckSensors } from '@monitor/domain/devices/pucks';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { getUserDeviceQueryOptions } from '../api/get-user-device';
import type { AlarmChange } from '../hooks/use-alarm-change-report';
import { findAlarmPoint } from '../../../entities/device/lib/device-facts';
import { DeviceInfoFields } from './device-info-fields';
import { DeviceRangeSettings } from './device-range-settings';
import { PuckAlarmTypes } from './puck-alarm-types';
import { PuckInfoFields } from './puck-info-fields';
import { RangeEditor } from './range-editor';

/** What the notification schedule is shown for: the device, or one of its pucks (puck view). */
export type NotificationTarget = {
  userDeviceId: number;
  imei: string;
  deviceType: number;
  deviceName: string;
  /** Filled into NOCALL messages the schedule shows. */
  serialNumber: string;
  puck: { id: string; logicLevel: number | null; name: string | null } | null;
  /** The device's temperature and humidity toggles (device-management §4). */
  alarmToggles: { isTemperatureActive: boolean; isHumidityActive: boolean };
  /** The alarms of the device (or of the puck in puck view) that are on (decision 022). */
  enabledAlarms: WatchedAlarm[];
};

/**
 * The slot the Change Settings tab leaves for the notification schedule, which another feature
 * builds; the page composes it (features do not import each other).
 */
export type RenderNotificationSchedule = (target: NotificationTarget) => ReactNode;

export type DeviceInformationFormProps = {
  device: UserDevice;
  userId: number;
  unit: TempPref;
  /** The `spuckid` query: opens the puck view on that puck. */
  initialPuckId: string | null;
  onAlarmChange: (change: AlarmChange) => void;
  renderNotificationSchedule?: RenderNotificationSchedule;
};

type View = 'device' | 'puck';

/** A puck sensor's alarm point and the title of its editor. */
const PUCK_POINT = {
  temperature: { type: 'SP_TEMP', title: 'SPuck temperature range' },
  humidity: { type: 'SP_HUMID', title: 'SPuck humidity range' },
  water: { type: 'WATER', title: 'SPuck water alarm' },
} as const;

/**
 * The Change Settings tab: the device information form in device view or puck view, each with
 * its ranges and the notification schedule slot (device-management §2, §4, §5).
 */
export function DeviceInformationForm({
  device,
  userId,
  unit,
  initialPuckId,
  onAlarmChange,
  renderNotificationSchedule,
}: DeviceInformationFormProps) {
  const queryClient = useQueryClient();
  const pucks = device.Peripherals;
  const initialPuck = pucks.find((puck) => puck.Id === initialPuckId) ?? null;
  const [view, setView] = useState<View>(initialPuck ? 'puck' : 'device');
  const [puckId, setPuckId] = useState<string | null>(initialPuck?.Id ?? pucks[0]?.Id ?? null);
  const puck = pucks.find((candidate) => candidate.Id === puckId) ?? null;
  const isReadOnly = device.SubAccountDevice;
  const model = temperatureModelOf(device.DeviceType);
  const refresh = () =>
    void queryClient.invalidateQueries(
      getUserDeviceQueryOptions({ userId, userDeviceId: device.Id }),
    );

  // Water has no range to set: its editor holds only the delay (issue #23).
  const puckRanges = puck
    ? (['temperature', 'humidity', 'water'] as const).flatMap((sensor) => {
        const logicLevel = isLogicLevel(puck.LogicLevel) ? puck.LogicLevel : null;
        if (!puckSensors(logicLevel).sensors.includes(sensor)) return [];
        const point = findAlarmPoint(puck.AlarmPoints, PUCK_POINT[sensor].type, puck.Id);
        if (!point || (sensor === 'water' && point.RangeMin === null)) return [];
        return [
          <RangeEditor
            key={`${point.Id}-${unit}`}
            point={point}
            title={PUCK_POINT[sensor].title}
            model={model}
            unit={unit}
            isReadOnly={isReadOnly}
            onSaved={() => {
              refresh();
              onAlarmChange('slider');
            }}
          />,
        ];
      })
    : [];

  return (
    <Stack gap="lg">
      {isReadOnly && (
        <Text c="dimmed">
          Settings of a shared device are managed by its owner; you can view them here.
        </Text>
      )}
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Title order={2} fz="h4">
            Device information
          </Title>
          <SegmentedControl
            aria-label="Show settings for"
            value={view}
            onChange={(next) => setView(next === 'puck' ? 'puck' : 'device')}
            data={[
              { value: 'device', label: 'Device view' },
              { value: 'puck', label: 'SPuck view', disabled: pucks.length === 0 },
            ]}
            fullWidth
            maw={420}
          />
          {view === 'device' ? (
            <DeviceInfoFields
              key={device.Id}
              device={device}
              userId={userId}
              isReadOnly={isReadOnly}
            />
          ) : (
            puck && (
              <Stack gap="md">
                <Select
                  label="SPuck"
                  data={pucks.map((candidate) => ({
                    value: candidate.Id,
                    label: `${candidate.Name ?? 'SPuck'} (${formatPuckSerial(candidate.Id)})`,
                  }))}
                  value={puck.Id}
                  allowDeselect={false}
                  onChange={(value) => value && setPuckId(value)}
                  maw={420}
                />
                <PuckInfoFields
                  key={puck.Id}
                  puck={puck}
                  isReadOnly={isReadOnly}
                  onSaved={refresh}
                />
                <PuckAlarmTypes
                  key={`alarms-${puck.Id}`}
                  puck={puck}
                  isReadOnly={isReadOnly}
                  onChanged={() => {
                    refresh();
                    onAlarmChange('puckAlarm');
                  }}
                />
              </Stack>
            )
          )}
        </Stack>
      </Paper>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {view === 'puck' ? 'SPuck alarm ranges' : 'Alarm ranges'}
        </Title>
        {view === 'device' ? (
          <DeviceRangeSettings
            device={device}
            userId={userId}
            unit={unit}
            isReadOnly={isReadOnly}
            onAlarmChange={onAlarmChange}
          />
        ) : puckRanges.length > 0 ? (
          <Stack gap="md">{puckRanges}</Stack>
        ) : (
          <Text c="dimmed">This SPuck senses water only; it has no range to set.</Text>
        )}
      </Stack>
      {renderNotificationSchedule && (
        <div data-slot="notification-schedule">
          {renderNotificationSchedule({
            userDeviceId: device.Id,
            imei: device.DeviceId,
            deviceType: device.DeviceType,
            deviceName: device.Name ?? device.SerialNumber,
            serialNumber: device.SerialNumber,
            puck:
              view === 'puck' && puck
                ? { id: puck.Id, logicLevel: puck.LogicLevel, name: puck.Name }
                : null,
            alarmToggles: {
              isTemperatureActive: device.TemperatureActive,
              isHumidityActive: device.HumidityActive,
            },
            enabledAlarms: findEnabledAlarms(device).filter((alarm) =>
              view === 'puck' && puck
                ? alarm.peripheralId === puck.Id
                : alarm.peripheralId === null,
            ),
          })}
        </div>
      )}
    </Stack>
  );
}
