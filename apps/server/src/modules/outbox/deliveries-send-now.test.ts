import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../../adapters/mail/mailer';
import type { AppContext } from '../../context';
import { findDeliveryById, type DeliveryRow } from './deliveries.repository';
import { startDeliveryWorker } from './deliver-notification.job';
import { fastRetry, startTestJobQueue } from '../../../test/helpers/job-queue';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser } from '../../../test/helpers/factories';
import {
  DELIVER_NOTIFICATION,
  queueDeliveryToSendNow,
  sendNow,
  toMailDelivery,
  type QueueDeliveryInput,
} from './deliveries.service';

const silent = { error: () => undefined, warn: () => undefined };

const message = (to: string): MailMessage => ({
  to,
  subject: 'Welcome to CellWatch',
  text: 'Hello Dana,\n\nWelcome.',
  html: '<!doctype html><html><body><p>Hello Dana, <b>welcome</b>.</p></body></html>\n',
});

/** Commits a delivery as a module does, then makes its first attempt without waiting for it. */
async function queueAndSendNow(
  ctx: AppContext,
  input: QueueDeliveryInput,
  options?: { retryAfterSeconds?: number },
): Promise<{ row: DeliveryRow; attempt: Promise<void> }> {
  const row = await ctx.db
    .transaction()
    .execute((trx) => queueDeliveryToSendNow(ctx, trx, input, options));
  return { row, attempt: sendNow(ctx, row, silent) };
}

async function waitForDelivery(
  ctx: AppContext,
  id: number,
  isDone: (row: DeliveryRow) => boolean,
): Promise<DeliveryRow> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    const row = await findDeliveryById(ctx.db, id);
    if (row && isDone(row)) return row;
    await sleep(100);
  }
  throw new Error(`delivery ${id} did not settle`);
}

const failingMailer = (reason: string): Mailer => ({
  kind: 'smtp',
  send: () => Promise.reject(new Error(reason)),
  close: () => undefined,
});

describe('a message sent at once, before its retry is due (issue #11)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('hands the e-mail to the mailer before the caller answers, word for word, and records it sent', async () => {
    const user = await createUser(t.ctx);
    const before = t.sentMail.length;
    const { row, attempt } = await queueAndSendNow(t.ctx, {
      ...toMailDelivery(message(user.email_address)),
      kind: 'welcome',
      userId: user.id,
    });
    // Captured in the same turn as sendNow: nothing was awaited in between.
    expect(t.sentMail.slice(before)).toEqual([message(user.email_address)]);
    await attempt;
    expect(await findDeliveryById(t.ctx.db, row.id)).toMatchObject({
      kind: 'welcome',
      user_id: user.id,
      channel: 'email',
      status: 'sent',
      attempts: 1,
      body: 'Hello Dana,\n\nWelcome.',
      html_body: message(user.email_address).html,
    });
  });

  it('blanks a body that holds a secret once the delivery is sent', async () => {
    const { row, attempt } = await queueAndSendNow(t.ctx, {
      ...toMailDelivery(message('secret@example.com')),
      kind: 'password-reset',
      hasSecret: true,
    });
    expect(row.body).toBe('Hello Dana,\n\nWelcome.');
    await attempt;
    expect(await findDeliveryById(t.ctx.db, row.id)).toMatchObject({
      status: 'sent',
      subject: 'Welcome to CellWatch',
      body: '',
      html_body: null,
    });
  });

  it('records a failed first attempt with its reason and keeps the message for the retry, never rejecting', async () => {
    const ctx = { ...t.ctx, mailer: failingMailer('421 service not available') };
    const { row, attempt } = await queueAndSendNow(ctx, {
      ...toMailDelivery(message('down@example.com')),
      kind: 'password-reset',
      hasSecret: true,
    });
    await expect(attempt).resolves.toBeUndefined();
    expect(await findDeliveryById(t.ctx.db, row.id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: '421 service not available',
      body: 'Hello Dana,\n\nWelcome.',
      html_body: message('down@example.com').html,
    });
  });
});

describe('a message sent at once, retried by the job queue (issue #11)', () => {
  let t: TestApp;
  let ctx: AppContext;
  let drop: () => Promise<void>;
  let schema: string;
  /** Sends fail while this is above zero, each failure counting it down. */
  let failuresLeft = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const started = await startTestJobQueue(t.ctx);
    drop = started.drop;
    schema = started.schema;
    const mailer = t.ctx.mailer;
    const flaky: Mailer = {
      ...mailer,
      send: (mail) => {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          return Promise.reject(new Error('451 try again later'));
        }
        return mailer.send(mail);
      },
    };
    ctx = { ...t.ctx, mailer: flaky, jobs: started.queue };
    await startDeliveryWorker(ctx, started.queue, fastRetry(2));
  });
  afterAll(async () => {
    await drop();
    await t.close();
  });

  const jobStates = async (deliveryId: number) =>
    (
      await sql<{ state: string }>`SELECT state FROM ${sql.id(schema, 'job')}
        WHERE name = ${DELIVER_NOTIFICATION} AND singleton_key = ${String(deliveryId)}`.execute(
        ctx.db,
      )
    ).rows.map((row) => row.state);

  it('queues its retry in the same transaction, to start after the first attempt had its time', async () => {
    const row = await ctx.db
      .transaction()
      .execute((trx) =>
        queueDeliveryToSendNow(ctx, trx, toMailDelivery(message('later@example.com'))),
      );
    const [job] = (
      await sql<{ start_after: Date; created_on: Date }>`SELECT start_after, created_on
        FROM ${sql.id(schema, 'job')} WHERE singleton_key = ${String(row.id)}`.execute(ctx.db)
    ).rows;
    expect(job).toBeDefined();
    expect(job!.start_after.getTime() - job!.created_on.getTime()).toBeGreaterThanOrEqual(59_000);
    await sendNow(ctx, row, silent);
  });

  it('lets the queue retry a first attempt that failed, and records it sent with the reason kept', async () => {
    failuresLeft = 1;
    const before = t.sentMail.length;
    const { row, attempt } = await queueAndSendNow(
      ctx,
      { ...toMailDelivery(message('retry@example.com')), kind: 'welcome' },
      { retryAfterSeconds: 0 },
    );
    await attempt;
    const sent = await waitForDelivery(ctx, row.id, (r) => r.status === 'sent');
    expect(sent).toMatchObject({ attempts: 2, last_error: '451 try again later' });
    expect(t.sentMail.slice(before).map((m) => m.to)).toEqual(['retry@example.com']);
  });

  it('sends nothing again when the retry job finds the first attempt succeeded', async () => {
    const before = t.sentMail.length;
    const { row, attempt } = await queueAndSendNow(
      ctx,
      { ...toMailDelivery(message('once@example.com')), kind: 'welcome' },
      { retryAfterSeconds: 0 },
    );
    await attempt;
    for (let waited = 0; waited < 10_000; waited += 100) {
      if ((await jobStates(row.id)).includes('completed')) break;
      await sleep(100);
    }
    expect(await jobStates(row.id)).toEqual(['completed']);
    expect(t.sentMail.slice(before).map((m) => m.to)).toEqual(['once@example.com']);
    expect(await findDeliveryById(ctx.db, row.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
