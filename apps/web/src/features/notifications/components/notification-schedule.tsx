import { useEffect, useState } from 'react';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Notification } from '@monitor/contract/notifications';
import type { DeviceType } from '@monitor/domain/devices/device-types';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { findUnnotifiedAlarms, type WatchedAlarm } from '@monitor/domain/alarms/alarm-recipients';
import {
  MESSAGE_TYPES,
  TYPED_MESSAGE_TYPES,
  type MessageType,
  type NotificationDraft,
} from '@monitor/domain/alarms/notifications';
import type { NotificationEscalation } from '@monitor/domain/alarms/notification-escalation';
import { compactPuckSerial } from '@monitor/domain/devices/pucks';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { useErrorModal } from '../../../components/ui/error-modal';
import { errorMessageFor } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useCreateNotificationMutation } from '../api/create-notification';
import { useDeleteNotificationMutation } from '../api/delete-notification';
import { useNotifications } from '../api/get-notifications';
import { useUpdateNotificationMutation } from '../api/update-notification';
import { toEscalationInput } from '../lib/escalation-entry';
import { canPushHere } from '../lib/web-push';
import { usePushChoice } from '../hooks/use-push-choice';
import { PushBrowserList } from './push-browser-list';
import { NotificationList } from './notification-list';
import { NotificationModal } from './notification-modal';
import { UnnotifiedAlarmsAlert } from './unnotified-alarms';
import {
  addRefusal,
  alarmStatus,
  offeredAlarmTypes,
  puckDisplayName,
  scheduleNotifications,
  type SchedulePuck,
  type ScheduleTarget,
  type ScheduleVariant,
} from './notification-rules';

export type NotificationScheduleProps = {
  /** The caller's user device Id (`device_id` of the notification calls). */
  userDeviceId: number;
  /** The unit's IMEI; accepted for callers that hold it, the calls here do not need it. */
  imei?: string;
  deviceType: DeviceType;
  /** Names the device in the cap message (device-management §8). */
  deviceName: string;
  /** The unit's serial, filled into NOCALL messages; the device name stands in where it is not given. */
  serialNumber?: string;
  /** The puck whose notifications the 'puck' variant shows. */
  puck?: SchedulePuck | null;
  variant: ScheduleVariant;
  /**
   * The device's temperature and humidity toggles; with them a puck schedule marks the
   * notifications whose alarm is off (device-management §4 "Notification status for a puck").
   */
  alarmToggles?: { isTemperatureActive: boolean; isHumidityActive: boolean };
  /**
   * A sub-account's schedule, which it may read but not change (device-management §6), but for
   * Push notifications to its own browsers (decision 083).
   */
  isReadOnly?: boolean;
  /** The alarms this schedule is for that are on: those no notification delivers are named (decision 022). */
  enabledAlarms?: readonly WatchedAlarm[];
};

const TITLES: Readonly<Record<ScheduleVariant, string>> = {
  device: 'Notification schedule',
  'new-device': 'Who should be told',
  puck: 'SPuck notifications',
};

const DESCRIPTIONS: Readonly<Record<ScheduleVariant, string>> = {
  device: 'Who is told, and how, when this device raises an alarm.',
  'new-device':
    'Your new device tells your e-mail address about every alarm. Add a text or a phone call, or change who is told.',
  puck: 'Who is told, and how, when this SPuck raises an alarm.',
};

type ModalState =
  { isOpen: false } | { isOpen: true; editing: Notification | null; startWith?: MessageType };

const PUSH_ONLY: readonly MessageType[] = ['PUSH'];

/**
 * The notification schedule of a device, a newly set-up device or one puck (device-management §2,
 * §5, §8, §9): the list, add and edit in a dialog, and removal after confirmation.
 */
export function NotificationSchedule({
  userDeviceId,
  deviceType,
  deviceName,
  serialNumber = deviceName,
  puck = null,
  variant,
  alarmToggles,
  isReadOnly = false,
  enabledAlarms = [],
}: NotificationScheduleProps) {
  const showError = useErrorModal();
  const session = useSession();
  const notifications = useNotifications(userDeviceId);
  const createMutation = useCreateNotificationMutation();
  const updateMutation = useUpdateNotificationMutation();
  const deleteMutation = useDeleteNotificationMutation();
  const [modal, setModal] = useState<ModalState>({ isOpen: false });
  const [toDelete, setToDelete] = useState<Notification | null>(null);

  const target: ScheduleTarget = { variant, deviceType, deviceName, puck };
  const shown = notifications.data ? scheduleNotifications(notifications.data, target) : [];
  const editing = modal.isOpen ? modal.editing : null;
  // Push (issue #27): where this browser can take it, and never for a device being set up.
  const canPush = variant !== 'new-device' && canPushHere();
  const push = usePushChoice(canPush || shown.some((n) => n.MessageType === 'PUSH'));
  const ownBrowsers = new Map(push.browsers.map((b) => [String(b.Id), b.Name]));
  const canChange = (n: Notification) =>
    !isReadOnly || (n.MessageType === 'PUSH' && ownBrowsers.has(n.MessageAddress));
  const messageTypes = isReadOnly
    ? PUSH_ONLY
    : canPush || editing?.MessageType === 'PUSH'
      ? MESSAGE_TYPES
      : TYPED_MESSAGE_TYPES;
  const alarmTypes = offeredAlarmTypes(shown, target, editing);
  const isAlarmOn = alarmStatus(target, alarmToggles);
  const unnotified = notifications.data
    ? findUnnotifiedAlarms(enabledAlarms, notifications.data)
    : [];

  const isLoadError = notifications.isError;
  useEffect(() => {
    if (isLoadError) showError(DEVICE_MANAGEMENT_MESSAGES.loadNotificationsFailed);
  }, [isLoadError, showError]);

  function openAdd(startWith?: MessageType) {
    const refusal = addRefusal(shown, target);
    if (refusal) showError(refusal);
    else setModal({ isOpen: true, editing: null, ...(startWith && { startWith }) });
  }

  function save(draft: NotificationDraft<MessageType>, escalation: NotificationEscalation) {
    const input = {
      DeviceId: userDeviceId,
      PeripheralId: variant === 'puck' && puck ? compactPuckSerial(puck.id) : null,
      AlarmType: draft.alarmType,
      MessageType: draft.messageType,
      MessageAddress: draft.messageAddress,
      Message: draft.message,
      ...toEscalationInput(escalation),
    };
    const close = () => setModal({ isOpen: false });
    // A cap refusal arrives as a 400 whose message is the §8 "Too many notifications…" text; a
    // server failure gets the operation's own text.
    if (editing) {
      updateMutation.mutate(
        { ...input, Id: editing.Id, DisableAlarm: editing.DisableAlarm },
        {
          onSuccess: close,
          onError: (error) =>
            showError(errorMessageFor(error, DEVICE_MANAGEMENT_MESSAGES.updateNotificationFailed)),
        },
      );
    } else {
      createMutation.mutate(input, {
        onSuccess: close,
        onError: (error) =>
          showError(errorMessageFor(error, DEVICE_MANAGEMENT_MESSAGES.saveNotificationFailed)),
      });
    }
  }

  function confirmDelete() {
    if (!toDelete) return;
    deleteMutation.mutate(
      { Id: toDelete.Id, DeviceId: userDeviceId },
      {
        onError: (error) =>
          showError(errorMessageFor(error, DEVICE_MANAGEMENT_MESSAGES.removeNotificationFailed)),
      },
    );
    setToDelete(null);
  }

  const headingId = `notification-schedule-${variant}-${userDeviceId}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <div>
          <Title order={3} id={headingId}>
            {TITLES[variant]}
            {variant === 'puck' && puck ? `: ${puckDisplayName(puck)}` : ''}
          </Title>
          <Text size="sm" c="dimmed">
            {DESCRIPTIONS[variant]}
          </Text>
        </div>
        <Group gap="xs">
          {canPush && (
            <Button
              variant={isReadOnly ? 'filled' : 'light'}
              onClick={() => openAdd('PUSH')}
              disabled={!notifications.data}
            >
              Notify this browser
            </Button>
          )}
          {!isReadOnly && (
            <Button onClick={() => openAdd()} disabled={!notifications.data}>
              Add notification
            </Button>
          )}
        </Group>
      </Group>
      <UnnotifiedAlarmsAlert
        alarms={unnotified}
        pucks={puck ? [{ Id: puck.id, Name: puck.name ?? null }] : []}
      />
      {notifications.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading notifications">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={96} radius="md" />
          ))}
        </Stack>
      ) : isLoadError ? (
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between">
            <Text>{DEVICE_MANAGEMENT_MESSAGES.loadNotificationsFailed}</Text>
            <Button variant="light" onClick={() => void notifications.refetch()}>
              Try again
            </Button>
          </Group>
        </Paper>
      ) : (
        <NotificationList
          notifications={shown}
          serialNumber={serialNumber}
          isAlarmOn={isAlarmOn}
          browserName={(id) => ownBrowsers.get(id) ?? 'Another person’s browser'}
          canChange={canChange}
          onEdit={(notification: Notification) => setModal({ isOpen: true, editing: notification })}
          onDelete={setToDelete}
        />
      )}
      {variant === 'device' && (
        <PushBrowserList
          browsers={push.browsers}
          thisEndpoint={push.thisEndpoint}
          onRemoved={() => void notifications.refetch()}
        />
      )}
      <NotificationModal
        opened={modal.isOpen}
        editing={editing}
        alarmTypes={alarmTypes}
        defaultEmail={session.user?.EmailAddress ?? ''}
        isSaving={createMutation.isPending || updateMutation.isPending}
        hasEscalation
        messageTypes={messageTypes}
        {...(modal.isOpen && modal.startWith && { initialMessageType: modal.startWith })}
        push={push}
        onSave={save}
        onClose={() => setModal({ isOpen: false })}
      />
      <ConfirmModal
        opened={toDelete !== null}
        title="Delete notification"
        message="Delete this notification? Nobody will be told about this alarm at this address any more."
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
