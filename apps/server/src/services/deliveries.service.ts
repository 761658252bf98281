import type { AppContext } from '../context';
import {
  claimDeliveryAttempt,
  insertDelivery,
  markDeliveryFailed,
  markDeliverySent,
  type DeliveryRow,
} from '../db/repositories/deliveries.repository';
import type { Transaction } from 'kysely';
import type { DB, DeliveryChannel } from '../db/schema';

/** The pg-boss queue that sends one delivery per job. */
export const DELIVER_NOTIFICATION = 'deliver-notification';
export type DeliverNotificationData = { deliveryId: number };

export type QueueDeliveryInput = {
  channel: DeliveryChannel;
  /** An e-mail address, or a phone number as stored (11 digits, leading 1). */
  address: string;
  subject?: string | null;
  body: string;
  notificationId?: number | null;
  alarmEventId?: number | null;
};

/**
 * Records a delivery as 'queued' and enqueues its job in the same transaction, so a delivery is
 * never recorded without its job nor sent without its record. The job's singleton key is the
 * delivery id: the queue holds at most one waiting job per delivery. Pass `trx` to make both part
 * of a larger transaction (an alarm event and its deliveries commit together); otherwise it opens
 * its own.
 */
export async function queueDelivery(
  ctx: AppContext,
  input: QueueDeliveryInput,
  trx?: Transaction<DB>,
): Promise<DeliveryRow> {
  const { jobs } = ctx;
  if (!jobs) throw new Error('the job queue is not running');
  const queue = async (db: Transaction<DB>) => {
    const row = await insertDelivery(db, {
      channel: input.channel,
      address: input.address,
      subject: input.subject ?? null,
      body: input.body,
      notification_id: input.notificationId ?? null,
      alarm_event_id: input.alarmEventId ?? null,
    });
    const data: DeliverNotificationData = { deliveryId: row.id };
    await jobs.boss.send(DELIVER_NOTIFICATION, data, {
      singletonKey: String(row.id),
      db: jobs.connection(db),
    });
    return row;
  };
  return trx ? queue(trx) : ctx.db.transaction().execute(queue);
}

export type DeliveryAttempt = {
  deliveryId: number;
  /** True when the queue will not try again after this attempt. */
  isLastAttempt: boolean;
};

/**
 * One attempt at a delivery. Sends nothing when it was already sent (a repeated job). On failure
 * it records the reason and rethrows so the queue retries; the row turns 'failed' only when no
 * retry is left, and a later success still turns it 'sent'.
 */
export async function attemptDelivery(
  ctx: AppContext,
  { deliveryId, isLastAttempt }: DeliveryAttempt,
): Promise<'sent' | 'already-sent'> {
  const delivery = await claimDeliveryAttempt(ctx.db, deliveryId);
  if (!delivery) return 'already-sent';
  try {
    await sendByChannel(ctx, delivery);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await markDeliveryFailed(ctx.db, deliveryId, { reason, isFinal: isLastAttempt });
    throw error;
  }
  await markDeliverySent(ctx.db, deliveryId, ctx.now());
  return 'sent';
}

const DEFAULT_SUBJECT = 'Monitoring alert';

async function sendByChannel(ctx: AppContext, delivery: DeliveryRow): Promise<void> {
  switch (delivery.channel) {
    case 'email':
      await ctx.mailer.send({
        to: delivery.address,
        subject: delivery.subject ?? DEFAULT_SUBJECT,
        text: delivery.body,
        html: toHtml(delivery.body),
      });
      return;
    case 'sms':
      await ctx.sms.sendText(delivery.address, delivery.body);
      return;
    case 'voice':
      await ctx.sms.placeCall(delivery.address, delivery.body);
      return;
  }
}

/** The text as paragraphs of escaped HTML, line breaks kept. */
function toHtml(text: string): string {
  const escaped = text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const paragraphs = escaped.split(/\n{2,}/).map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`);
  return `<!doctype html><html><body>${paragraphs.join('')}</body></html>`;
}
