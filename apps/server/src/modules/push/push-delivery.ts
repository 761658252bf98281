import type { PushMessage } from '@monitor/contract/push';
import type { AppContext } from '../../context';
import { UndeliverableError } from '../outbox/undeliverable';
import type { DeliveryRow } from '../outbox/deliveries.repository';
import { alarmLinkToken } from '../alarms/alarm-links';
import { deviceUrlOf } from '../alarms/alarm-messages';
import { deletePushSubscriptionsAt, findPushRecipient } from './push-subscriptions.repository';

/** The address a push token is made out to: the browser it was sent to. */
export const pushTokenAddress = (subscriptionId: number) => `push:${subscriptionId}`;

/** The browser a push token was made out to, or null for another address (an e-mail's). */
export function subscriptionOfTokenAddress(address: string): number | null {
  const match = /^push:(\d{1,10})$/.exec(address);
  return match ? Number(match[1]) : null;
}

/**
 * Sends a push delivery to the browser its address names. A browser that is gone, or whose user
 * no longer sees the unit (a sub-account taken off it), cannot be sent to by any retry; neither
 * can one whose push service says its subscription ended, and that browser is removed for
 * everyone, with the notifications that told it (migration 038).
 */
export async function sendPush(ctx: AppContext, delivery: DeliveryRow): Promise<void> {
  const subscriptionId = Number(delivery.address);
  const eventId = delivery.alarm_event_id;
  const recipient = await findPushRecipient(ctx.db, { subscriptionId, alarmEventId: eventId });
  if (!recipient) throw new UndeliverableError('the browser was removed');
  if (recipient.user_device_id === null || eventId === null)
    throw new UndeliverableError("the browser's user no longer sees this unit");
  const isAlarm = delivery.kind === 'alarm';
  const payload: PushMessage = {
    title: delivery.subject ?? 'Monitoring alert',
    body: delivery.body,
    url: deviceUrlOf(ctx.config.publicUrl, recipient.user_device_id),
    tag: `alarm-${eventId}`,
    eventId,
    token: isAlarm
      ? await alarmLinkToken(ctx, { eventId, address: pushTokenAddress(subscriptionId) })
      : null,
  };
  const outcome = await ctx.push.send(recipient, JSON.stringify(payload), {
    urgency: isAlarm ? 'high' : 'normal',
    topic: payload.tag,
  });
  if (outcome === 'gone') {
    const removed = await deletePushSubscriptionsAt(ctx.db, recipient.endpoint);
    throw new UndeliverableError(
      `the push service says this browser's subscription ended; removed ${removed} subscription(s) of it`,
    );
  }
}
