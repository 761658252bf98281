import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { NotificationFacts } from './alarm-events.repository';
import type {
  AlarmEventType,
  DB,
  DeliveryChannel,
  MessageType,
} from '../../platform/database/schema';
import { queueDelivery } from '../outbox/deliveries.service';
import type { MessageText } from './alarm-messages';

const CHANNEL: Readonly<Record<MessageType, DeliveryChannel>> = {
  EMAIL: 'email',
  SMS: 'sms',
  VOICE: 'voice',
};

/**
 * The notifications an event goes to: same AlarmType and same puck (none for the unit's own
 * sensors); disabled ones are already left out by the query.
 */
export function matchingNotifications(
  notifications: readonly NotificationFacts[],
  alarmType: AlarmEventType,
  peripheralId: number | null,
): NotificationFacts[] {
  return notifications.filter(
    (n) => n.alarm_type === alarmType && n.peripheral_id === peripheralId,
  );
}

/** One delivery per notification, in the caller's transaction (the event's). */
export async function queueEventDeliveries(
  ctx: AppContext,
  trx: Transaction<DB>,
  {
    alarmEventId,
    notifications,
    build,
  }: {
    alarmEventId: number;
    notifications: readonly NotificationFacts[];
    build: (notification: NotificationFacts) => MessageText;
  },
): Promise<void> {
  for (const notification of notifications) {
    const { subject, body } = build(notification);
    await queueDelivery(
      ctx,
      {
        kind: 'alarm',
        channel: CHANNEL[notification.message_type],
        address: notification.message_address,
        subject,
        body,
        notificationId: notification.id,
        alarmEventId,
      },
      trx,
    );
  }
}
