import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { UserDevice } from '@monitor/contract/user-devices';
import {
  findEnabledAlarms,
  findUnnotifiedAlarms,
  type WatchedAlarm,
} from '@monitor/domain/alarms/alarm-recipients';
import { formatPuckSerial } from '@monitor/domain/devices/pucks';
import { isSamePuckSerial } from '../../../entities/device/lib/puck-serial';
import { getNotificationsQueryOptions } from '../api/get-notifications';
import { ALARM_TYPE_LABELS } from './notification-rules';

type PuckNames = readonly { Id: string; Name: string | null }[];

/** An alarm in words: 'Power', or 'Water on Basement' for a puck's. */
function describeAlarm(alarm: WatchedAlarm, pucks: PuckNames): string {
  const label = ALARM_TYPE_LABELS[alarm.alarmType];
  if (alarm.peripheralId === null) return label;
  const puck = pucks.find((candidate) => isSamePuckSerial(candidate.Id, alarm.peripheralId));
  return `${label} on ${puck?.Name || formatPuckSerial(alarm.peripheralId)}`;
}

/**
 * Says which alarms are on but would tell no one (decision 022): an alarm with no notification
 * looks, without this, exactly like one that is fine.
 */
export function UnnotifiedAlarmsAlert({
  alarms,
  pucks = [],
  settingsPath,
}: {
  alarms: readonly WatchedAlarm[];
  pucks?: PuckNames;
  /** Where notifications are added; none where the reader cannot add them. */
  settingsPath?: string;
}) {
  if (alarms.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      p="xs"
      title="No one is told about these alarms"
      // Orange on its light background is too faint for text (WCAG 1.4.3): the words stay dark.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm">{alarms.map((alarm) => describeAlarm(alarm, pucks)).join(', ')}.</Text>
      {settingsPath && (
        <Anchor component={Link} to={settingsPath} size="sm">
          Add a notification
        </Anchor>
      )}
    </Alert>
  );
}

/** The card's notice: the device's alarms that are on and would tell no one (decision 022). */
export function UnnotifiedAlarmsNotice({ device }: { device: UserDevice }) {
  // A sub-account reads a shared device: who is told is the owner's to change (device-management §6).
  const notifications = useQuery({
    ...getNotificationsQueryOptions(device.Id),
    enabled: !device.SubAccountDevice,
  });
  if (!notifications.data) return null;
  return (
    <UnnotifiedAlarmsAlert
      alarms={findUnnotifiedAlarms(findEnabledAlarms(device), notifications.data)}
      pucks={device.Peripherals}
      settingsPath={`/devices/${device.Id}?view=settings`}
    />
  );
}
