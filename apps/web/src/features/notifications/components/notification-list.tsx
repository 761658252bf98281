import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Notification } from '@monitor/contract/notifications';
import { MESSAGE_TYPE_LABELS, formatMessageAddress } from '@monitor/domain/alarms/notifications';
import { describeEscalation } from '@monitor/domain/alarms/notification-escalation';
import { escalationOf } from '../lib/escalation-entry';
import { shownNotificationMessage } from '../lib/shown-message';
import { ALARM_TYPE_LABELS } from './notification-rules';

type NotificationListProps = {
  notifications: readonly Notification[];
  /** Filled into NOCALL messages in place of their {serialNumber} placeholder. */
  serialNumber: string;
  /** Whether a notification's alarm is on; one whose alarm is off says so in words. */
  isAlarmOn: (alarmType: Notification['AlarmType']) => boolean;
  /** A Push notification's browser's name, by its id (issue #27). */
  browserName?: (id: string) => string;
  /** Which rows may be changed (a sub-account: its own browsers' only); all by default. */
  canChange?: (notification: Notification) => boolean;
  /** Without these the rows are read-only. */
  onEdit?: (notification: Notification) => void;
  onDelete?: (notification: Notification) => void;
};

/** The schedule's rows: alarm type, how and to whom, the message, and edit and delete (device-management §2). */
export function NotificationList({
  notifications,
  serialNumber,
  isAlarmOn,
  browserName = () => 'A browser',
  canChange = () => true,
  onEdit,
  onDelete,
}: NotificationListProps) {
  if (notifications.length === 0) {
    return (
      <Paper withBorder p="md" radius="md">
        <Text c="dimmed">No notifications yet. Add one to be told about alarms.</Text>
      </Paper>
    );
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {notifications.map((notification) => {
        const alarm = ALARM_TYPE_LABELS[notification.AlarmType];
        const how = MESSAGE_TYPE_LABELS[notification.MessageType];
        const address =
          notification.MessageType === 'PUSH'
            ? browserName(notification.MessageAddress)
            : formatMessageAddress(notification.MessageType, notification.MessageAddress);
        const summary = `${alarm}, ${how} ${address}`;
        const message = shownNotificationMessage(notification, serialNumber);
        const escalation = describeEscalation(escalationOf(notification));
        return (
          <Paper key={notification.Id} component="li" withBorder p="sm" radius="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600}>{alarm}</Text>
                  <Badge variant="light" radius="sm" tt="none">
                    {how}
                  </Badge>
                  {!isAlarmOn(notification.AlarmType) && (
                    <Badge variant="outline" color="gray" radius="sm" tt="none">
                      Alarm off
                    </Badge>
                  )}
                </Group>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {address}
                </Text>
                {message && (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {message}
                  </Text>
                )}
                {escalation.length > 0 && (
                  <Text size="sm" c="dimmed">
                    {escalation.join(' · ')}
                  </Text>
                )}
              </Stack>
              {onEdit && onDelete && canChange(notification) && (
                <Group gap={4} wrap="nowrap">
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => onEdit(notification)}
                    aria-label={`Edit notification: ${summary}`}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    onClick={() => onDelete(notification)}
                    aria-label={`Delete notification: ${summary}`}
                  >
                    Delete
                  </Button>
                </Group>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
