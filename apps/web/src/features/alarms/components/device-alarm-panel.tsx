import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useAlarmEvents } from '../api/get-alarm-events';
import { formatAlarmMoment } from '../lib/alarm-time';
import { describeAlarm, puckNameOf } from '../lib/alarm-values';
import { isAlarmActive } from '../lib/alarm-words';
import { AlarmAcknowledgement } from './alarm-acknowledgement';
import { SnoozeControl, type SnoozeDevice } from './snooze-control';

export type AlarmPanelDevice = SnoozeDevice & {
  Peripherals: readonly { Id: string; Name: string | null }[];
};

/**
 * A unit's alarms where its state is shown (issue #23): each active alarm with Acknowledge while
 * no one has answered it (then who did), the owner's snooze, and the way to the log. The first
 * page of the log is the same call the log makes, so both read one cache, which the live alarm
 * channel refreshes (decision 021). A failed load says nothing here: the log says it.
 */
export function DeviceAlarmPanel({
  device,
  showLogLink = true,
}: {
  device: AlarmPanelDevice;
  showLogLink?: boolean;
}) {
  const events = useAlarmEvents({ userDeviceId: device.Id, page: 1 });
  const active = (events.data?.Events ?? []).filter((event) => isAlarmActive(event.State));
  const name = device.Name ?? device.SerialNumber;

  return (
    <Stack gap="xs">
      {active.length > 0 && (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={`Active alarms on ${name}`}
        >
          {active.map((event) => {
            const title = describeAlarm(
              event.SensorType,
              puckNameOf(event.PeripheralId, device.Peripherals),
            );
            return (
              <li key={event.Id}>
                <Text size="sm" fw={700} c="red.8">
                  {title}
                </Text>
                <Text size="xs" c="dimmed">
                  Since{' '}
                  <time dateTime={event.RaisedAt}>
                    {formatAlarmMoment(event.RaisedAt, device.TimeZone)}
                  </time>
                </Text>
                <AlarmAcknowledgement event={event} label={title} timeZone={device.TimeZone} />
              </li>
            );
          })}
        </Stack>
      )}
      <Group gap="xs" wrap="wrap" justify="space-between">
        <SnoozeControl device={device} />
        {showLogLink && (
          <Anchor
            component={Link}
            to={`/devices/${device.Id}/alarms`}
            size="sm"
            aria-label={`Alarm log of ${name}`}
          >
            Alarm log
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
