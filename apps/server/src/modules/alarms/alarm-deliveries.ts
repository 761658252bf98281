import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { NotificationFacts } from './alarm-events.repository';
import type {
  AlarmEventType,
  DB,
  DeliveryChannel,
  DeliveryKind,
  MessageType,
} from '../../platform/database/schema';
import { queueAlarmStep, queueDelivery } from '../outbox/deliveries.service';
import { alarmLinkUrl } from './alarm-links';
import { reminderMessage, type AlarmPlace, type MessageText } from './alarm-messages';

/**
 * Who is told of an alarm, and when (decisions 011 and 059). Each matching notification is told
 * at once, or after its wait (an escalation), then reminded every `repeat_minutes` up to its cap
 * while the alarm is active and unacknowledged. Every telling is a numbered step recorded once
 * per notification, and the next one is a job in the same transaction, so across processes and
 * restarts each is sent once and none is lost.
 */

export const ALARM_FOLLOW_UP = 'alarm-follow-up';

/** A telling still to come: the alarm's words are fixed when it rose. */
export type AlarmFollowUpData = {
  eventId: number;
  notificationId: number;
  step: number;
  message: MessageText;
};

/** The delivery channel of each message type. */
export const CHANNEL: Readonly<Record<MessageType, DeliveryChannel>> = {
  EMAIL: 'email',
  SMS: 'sms',
  VOICE: 'voice',
  PUSH: 'push',
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

/**
 * Schedules a later step in the caller's transaction. A step scheduled twice (a retried job)
 * is still sent once: the delivery's step is unique.
 */
export async function scheduleFollowUp(
  ctx: AppContext,
  trx: Transaction<DB>,
  data: AlarmFollowUpData,
  startAfter: Date,
): Promise<void> {
  await ctx.jobs.boss.send(ALARM_FOLLOW_UP, data, {
    startAfter,
    db: ctx.jobs.connection(trx),
  });
}

const minutesAfter = (from: Date, minutes: number) => new Date(from.getTime() + minutes * 60_000);

/**
 * Sends one step to one notification, once, and schedules the next reminder; false when the step
 * was sent already (a job run twice).
 */
export async function tellStep(
  ctx: AppContext,
  trx: Transaction<DB>,
  notification: Pick<
    NotificationFacts,
    'id' | 'message_type' | 'message_address' | 'repeat_minutes' | 'repeat_cap'
  >,
  { eventId, step, message }: Omit<AlarmFollowUpData, 'notificationId'>,
): Promise<boolean> {
  const { subject, body, html } = step === 0 ? message : reminderMessage(message, step);
  const row = await queueAlarmStep(ctx, trx, {
    kind: 'alarm',
    channel: CHANNEL[notification.message_type],
    address: notification.message_address,
    subject,
    body,
    html,
    notificationId: notification.id,
    alarmEventId: eventId,
    step,
  });
  if (!row) return false;
  if (notification.repeat_minutes > 0 && step < notification.repeat_cap)
    await scheduleFollowUp(
      ctx,
      trx,
      { eventId, notificationId: notification.id, step: step + 1, message },
      minutesAfter(ctx.now(), notification.repeat_minutes),
    );
  return true;
}

/**
 * The signed acknowledge link an e-mail carries (decision 059); texts and calls answer in kind.
 * Read within the transaction: the embedded database has one connection.
 */
async function linkFor(
  ctx: AppContext,
  trx: Transaction<DB>,
  eventId: number,
  notification: NotificationFacts,
) {
  return notification.message_type === 'EMAIL'
    ? alarmLinkUrl({ ...ctx, db: trx }, { eventId, address: notification.message_address })
    : null;
}

/**
 * The place as a notification's recipient reads it: a push message is in its browser's user's
 * temperature unit (a sub-account's may differ from the owner's), without the page's address,
 * which the notification opens when tapped (issue #27).
 */
function placeFor(place: AlarmPlace, notification: NotificationFacts): AlarmPlace {
  if (notification.message_type !== 'PUSH') return place;
  return { ...place, tempPref: notification.recipient_temp_pref ?? place.tempPref, deviceUrl: '' };
}

/** An alarm rose: each notification is told now, or after its wait. */
export async function tellRaised(
  ctx: AppContext,
  trx: Transaction<DB>,
  {
    eventId,
    place,
    notifications,
    build,
  }: {
    eventId: number;
    place: AlarmPlace;
    notifications: readonly NotificationFacts[];
    build: (
      notification: NotificationFacts,
      place: AlarmPlace,
      acknowledgeUrl: string | null,
    ) => MessageText;
  },
): Promise<void> {
  for (const notification of notifications) {
    const message = build(
      notification,
      placeFor(place, notification),
      await linkFor(ctx, trx, eventId, notification),
    );
    if (notification.wait_minutes > 0)
      await scheduleFollowUp(
        ctx,
        trx,
        { eventId, notificationId: notification.id, step: 0, message },
        minutesAfter(ctx.now(), notification.wait_minutes),
      );
    else await tellStep(ctx, trx, notification, { eventId, step: 0, message });
  }
}

/** One message of `kind` to each notification, in the caller's transaction. */
export async function tellEach(
  ctx: AppContext,
  trx: Transaction<DB>,
  {
    kind,
    eventId,
    place,
    notifications,
    build,
  }: {
    kind: DeliveryKind;
    eventId: number;
    place: AlarmPlace;
    notifications: readonly NotificationFacts[];
    build: (place: AlarmPlace) => MessageText;
  },
): Promise<void> {
  for (const notification of notifications) {
    const { subject, body } = build(placeFor(place, notification));
    await queueDelivery(
      ctx,
      {
        kind,
        channel: CHANNEL[notification.message_type],
        address: notification.message_address,
        subject,
        body,
        notificationId: notification.id,
        alarmEventId: eventId,
      },
      trx,
    );
  }
}
