import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { MailAttachment, MailMessage } from '../../adapters/mail/mailer';
import { callOptionsOf, textBodyOf } from '../alarms/alarm-reply-prompts';
import { sendPush } from '../push/push-delivery';
import { UndeliverableError } from './undeliverable';
import {
  claimDeliveryAttempt,
  insertAlarmStep,
  insertDelivery,
  markDeliveryFailed,
  markDeliverySent,
  type DeliveryRow,
  type NewDelivery,
} from './deliveries.repository';
import type {
  DB,
  DeliveryAttachment,
  DeliveryChannel,
  DeliveryKind,
} from '../../platform/database/schema';

/** The pg-boss queue that sends one delivery per job. */
export const DELIVER_NOTIFICATION = 'deliver-notification';
export type DeliverNotificationData = { deliveryId: number };

export type QueueDeliveryInput = {
  /** What the message is; 'alarm' when not given (alarms and all-clears). */
  kind?: DeliveryKind;
  channel: DeliveryChannel;
  /** An e-mail address, or a phone number as stored (11 digits, leading 1). */
  address: string;
  subject?: string | null;
  body: string;
  /** The HTML a module drew for its e-mail; without it the body is drawn as paragraphs. */
  html?: string | null;
  /** The body holds a secret (a reset link): blanked once the delivery is settled. */
  hasSecret?: boolean;
  /** The account the message is for (account mail). */
  userId?: number | null;
  /** Files from file storage the e-mail carries, read at each attempt (a weekly report's CSV). */
  attachments?: readonly DeliveryAttachment[];
  notificationId?: number | null;
  alarmEventId?: number | null;
  /** Which telling of an alarm (0 the first, then each repeat): recorded once per notification. */
  step?: number | null;
};

const toNewDelivery = (input: QueueDeliveryInput): NewDelivery => ({
  kind: input.kind ?? 'alarm',
  channel: input.channel,
  address: input.address,
  subject: input.subject ?? null,
  body: input.body,
  html_body: input.html ?? null,
  has_secret: input.hasSecret ?? false,
  user_id: input.userId ?? null,
  notification_id: input.notificationId ?? null,
  alarm_event_id: input.alarmEventId ?? null,
  step: input.step ?? null,
  attachments: input.attachments?.length ? JSON.stringify(input.attachments) : null,
});

/** The delivery of an e-mail a module built (its subject, text and HTML kept word for word). */
export const toMailDelivery = ({
  to,
  subject,
  text,
  html,
}: MailMessage): Pick<QueueDeliveryInput, 'channel' | 'address' | 'subject' | 'body' | 'html'> => ({
  channel: 'email',
  address: to,
  subject,
  body: text,
  html,
});

/** Enqueues the job of a delivery on `db` (a transaction: the row and its job commit together). */
async function enqueueDelivery(
  jobs: AppContext['jobs'],
  db: Kysely<DB>,
  deliveryId: number,
  startAfterSeconds?: number,
): Promise<void> {
  const data: DeliverNotificationData = { deliveryId };
  await jobs.boss.send(DELIVER_NOTIFICATION, data, {
    singletonKey: String(deliveryId),
    db: jobs.connection(db),
    ...(startAfterSeconds !== undefined && { startAfter: startAfterSeconds }),
  });
}

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
  const queue = async (db: Transaction<DB>) => {
    const row = await insertDelivery(db, toNewDelivery(input));
    await enqueueDelivery(ctx.jobs, db, row.id);
    return row;
  };
  return trx ? queue(trx) : ctx.db.transaction().execute(queue);
}

/**
 * Queues one telling of an alarm (its `step`) in the caller's transaction, once: a follow-up job
 * run twice finds the step recorded and answers undefined, sending nothing.
 */
export async function queueAlarmStep(
  ctx: AppContext,
  trx: Transaction<DB>,
  input: QueueDeliveryInput & { alarmEventId: number; notificationId: number; step: number },
): Promise<DeliveryRow | undefined> {
  const row = await insertAlarmStep(trx, toNewDelivery(input));
  if (row) await enqueueDelivery(ctx.jobs, trx, row.id);
  return row;
}

/**
 * How long the queue waits before its first try of a delivery that is sent at once: the attempt
 * made after the commit settles long before (a capturing or local mailer at once, SMTP in
 * seconds), so the job finds it sent and sends nothing. Only a first attempt slower than this
 * can reach the recipient twice.
 */
export const SEND_NOW_RETRY_AFTER_SECONDS = 60;

/**
 * Records a message someone waits for (a reset link, a welcome) in the caller's transaction, for
 * `sendNow` to send as soon as it commits. The row counts that first attempt already; its job goes
 * into the same transaction, to start after `retryAfterSeconds`, and is the retry (with the
 * queue's policy) should the first attempt fail or the process die before it ends. A process
 * that runs no delivery worker (an admin command) leaves the retry to the server's.
 */
export async function queueDeliveryToSendNow(
  ctx: AppContext,
  trx: Transaction<DB>,
  input: QueueDeliveryInput,
  { retryAfterSeconds = SEND_NOW_RETRY_AFTER_SECONDS }: { retryAfterSeconds?: number } = {},
): Promise<DeliveryRow> {
  const row = await insertDelivery(trx, { ...toNewDelivery(input), attempts: 1 });
  await enqueueDelivery(ctx.jobs, trx, row.id, retryAfterSeconds);
  return row;
}

/**
 * The first attempt at a delivery from `queueDeliveryToSendNow`, after its commit. The sender is
 * called before this returns, so the message leaves before the caller answers; the caller does
 * not wait for it, so a slow or failing mail server neither delays nor fails the request. The
 * outcome is recorded as a job's would be. Never rejects.
 */
export function sendNow(
  ctx: AppContext,
  delivery: DeliveryRow,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
): Promise<void> {
  const about = { deliveryId: delivery.id, kind: delivery.kind, userId: delivery.user_id };
  return sendCounted(ctx, delivery, { isLastAttempt: false })
    .then(
      () => markDeliverySent(ctx.db, delivery.id, ctx.now()),
      async (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        log.warn({ err: error, ...about }, 'delivery could not be sent; the queue retries it');
        await markDeliveryFailed(ctx.db, delivery.id, { reason, isFinal: false });
      },
    )
    .catch((error: unknown) => {
      log.error({ err: error, ...about }, 'the outcome of a delivery could not be recorded');
    });
}

export type DeliveryAttempt = {
  deliveryId: number;
  /** True when the queue will not try again after this attempt. */
  isLastAttempt: boolean;
};

/**
 * One attempt at a delivery. Sends nothing when it was already sent (a repeated job). On failure
 * it records the reason and rethrows so the queue retries; the row turns 'failed' only when no
 * retry is left, and a later success still turns it 'sent'. A delivery no retry can send
 * (`UndeliverableError`) turns 'failed' at once, and the queue is told it is done.
 */
export async function attemptDelivery(
  ctx: AppContext,
  { deliveryId, isLastAttempt }: DeliveryAttempt,
): Promise<'sent' | 'already-sent' | 'undeliverable'> {
  const delivery = await claimDeliveryAttempt(ctx.db, deliveryId);
  if (!delivery) return 'already-sent';
  try {
    await sendCounted(ctx, delivery, { isLastAttempt });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const isUndeliverable = error instanceof UndeliverableError;
    await markDeliveryFailed(ctx.db, deliveryId, {
      reason,
      isFinal: isLastAttempt || isUndeliverable,
    });
    if (isUndeliverable) return 'undeliverable';
    throw error;
  }
  await markDeliverySent(ctx.db, deliveryId, ctx.now());
  return 'sent';
}

/** One attempt, counted by channel and outcome; a sent message's wait since it was recorded, too. */
async function sendCounted(
  ctx: AppContext,
  delivery: DeliveryRow,
  { isLastAttempt }: { isLastAttempt: boolean },
): Promise<void> {
  const { channel } = delivery;
  try {
    await sendByChannel(ctx, delivery);
  } catch (error) {
    const isFinal = isLastAttempt || error instanceof UndeliverableError;
    ctx.metrics.deliveries.inc({ channel, outcome: isFinal ? 'gave_up' : 'failed' });
    throw error;
  }
  ctx.metrics.deliveries.inc({ channel, outcome: 'sent' });
  const waited = (ctx.now().getTime() - delivery.created_at.getTime()) / 1000;
  ctx.metrics.deliveryLatency.observe({ channel }, Math.max(0, waited));
}

const DEFAULT_SUBJECT = 'Monitoring alert';

async function sendByChannel(ctx: AppContext, delivery: DeliveryRow): Promise<void> {
  switch (delivery.channel) {
    case 'email':
      await ctx.mailer.send({
        to: delivery.address,
        subject: delivery.subject ?? DEFAULT_SUBJECT,
        text: delivery.body,
        html: delivery.html_body ?? toHtml(delivery.body),
        // Only a message with files waits for storage: the rest reach the mailer at once, before
        // the caller of `sendNow` answers.
        ...(delivery.attachments?.length && {
          attachments: await readAttachments(ctx, delivery.attachments),
        }),
      });
      return;
    // An alarm's text ends asking for ACK; its call, for 1 (issue #23): either answer acknowledges it.
    case 'sms':
      await ctx.sms.sendText(delivery.address, textBodyOf(delivery));
      return;
    case 'voice':
      await ctx.sms.placeCall(delivery.address, delivery.body, await callOptionsOf(ctx, delivery));
      return;
    case 'push':
      await sendPush(ctx, delivery);
      return;
  }
}

/**
 * The files of an e-mail, read from file storage at each attempt. A file that is gone fails the
 * attempt (the queue retries, then records why) rather than sending the mail without it.
 */
async function readAttachments(
  ctx: AppContext,
  attachments: readonly DeliveryAttachment[],
): Promise<MailAttachment[]> {
  return Promise.all(
    attachments.map(async ({ fileName, fileKey, contentType }) => {
      const content = await ctx.files.read(fileKey);
      if (!content) throw new Error(`the attachment ${fileName} is no longer in file storage`);
      return { filename: fileName, content, contentType };
    }),
  );
}

/** The text as paragraphs of escaped HTML, line breaks kept. */
function toHtml(text: string): string {
  const escaped = text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const paragraphs = escaped.split(/\n{2,}/).map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`);
  return `<!doctype html><html><body>${paragraphs.join('')}</body></html>`;
}
