import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsVoiceSender } from '../../adapters/sms/sms-voice-sender';
import type { AppContext } from '../../context';
import { findDeliveryById, type DeliveryRow } from './deliveries.repository';
import { DEFAULT_DELIVERY_RETRY, startDeliveryWorker } from './deliver-notification.job';
import type { JobQueue } from '../../platform/jobs/queue';
import { fastRetry, startTestJobQueue } from '../../../test/helpers/job-queue';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { DELIVER_NOTIFICATION, queueDelivery } from './deliveries.service';

/** Retries at once, so a test sees the whole retry path in about a second. */
const FAST_RETRY = fastRetry(2);

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

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

describe(`deliveries through the job queue on ${database} (issue #4)`, () => {
  let t: TestApp;
  let ctx: AppContext;
  let drop: () => Promise<void>;
  /** Texts fail while this is above zero, each failure counting it down. */
  let textFailuresLeft = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const started = await startTestJobQueue(t.ctx);
    drop = started.drop;
    const outbox = t.ctx.sms;
    const flakySms: SmsVoiceSender = {
      ...outbox,
      sendText: (to, body) => {
        if (textFailuresLeft > 0) {
          textFailuresLeft -= 1;
          return Promise.reject(new Error('provider unavailable (503)'));
        }
        return outbox.sendText(to, body);
      },
    };
    ctx = { ...t.ctx, sms: flakySms, jobs: started.queue };
    await startDeliveryWorker(ctx, started.queue, FAST_RETRY);
  });
  afterAll(async () => {
    await drop();
    await t.close();
  });

  it('sends a queued e-mail once, with a text and an HTML body, and records it sent', async () => {
    const queued = await queueDelivery(ctx, {
      channel: 'email',
      address: 'owner@example.com',
      subject: 'Freezer alarm',
      body: 'Freezer is at 41°F.\nLimit <38°F>.',
      notificationId: 12,
    });
    expect(queued.status).toBe('queued');
    const row = await waitForDelivery(ctx, queued.id, (r) => r.status !== 'queued');
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      last_error: null,
      notification_id: 12,
    });
    expect(row.sent_at).toBeInstanceOf(Date);
    const mail = t.sentMail.filter((m) => m.to === 'owner@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      subject: 'Freezer alarm',
      text: 'Freezer is at 41°F.\nLimit <38°F>.',
    });
    expect(mail[0]?.html).toContain('Freezer is at 41°F.<br>Limit &#60;38°F&#62;.');
  });

  it('sends a text and a voice call once each into the outbox and records them sent', async () => {
    const text = await queueDelivery(ctx, {
      channel: 'sms',
      address: '15125550101',
      body: 'Water detected',
    });
    const call = await queueDelivery(ctx, {
      channel: 'voice',
      address: '15125550102',
      body: 'Power is off',
    });
    for (const { id } of [text, call]) {
      expect(await waitForDelivery(ctx, id, (r) => r.status !== 'queued')).toMatchObject({
        status: 'sent',
        attempts: 1,
      });
    }
    const outbox = await ctx.db
      .selectFrom('outbox_messages')
      .select(['channel', 'recipient', 'text_body'])
      .where('recipient', 'in', ['15125550101', '15125550102'])
      .orderBy('channel')
      .execute();
    expect(outbox).toEqual([
      { channel: 'sms', recipient: '15125550101', text_body: 'Water detected' },
      { channel: 'voice', recipient: '15125550102', text_body: 'Power is off' },
    ]);
  });

  it('retries a failed text and records it sent once it goes through, keeping the last reason', async () => {
    textFailuresLeft = 1;
    const queued = await queueDelivery(ctx, {
      channel: 'sms',
      address: '15125550103',
      body: 'Humidity high',
    });
    const row = await waitForDelivery(ctx, queued.id, (r) => r.status === 'sent');
    expect(row).toMatchObject({ attempts: 2, last_error: 'provider unavailable (503)' });
  });

  it('records a delivery failed with its reason once every retry has failed', async () => {
    textFailuresLeft = 100;
    const queued = await queueDelivery(ctx, {
      channel: 'sms',
      address: '15125550104',
      body: 'Motion',
    });
    const row = await waitForDelivery(ctx, queued.id, (r) => r.status === 'failed');
    textFailuresLeft = 0;
    expect(row).toMatchObject({
      attempts: FAST_RETRY.retryLimit + 1,
      last_error: 'provider unavailable (503)',
      sent_at: null,
    });
    const outbox = await ctx.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('recipient', '=', '15125550104')
      .execute();
    expect(outbox).toHaveLength(0);
  });

  it('sends nothing again when a job repeats for a delivery already sent', async () => {
    const queued = await queueDelivery(ctx, {
      channel: 'email',
      address: 'repeat@example.com',
      body: 'Once',
    });
    await waitForDelivery(ctx, queued.id, (r) => r.status === 'sent');
    const boss = ctx.jobs.boss;
    const jobId = await boss.send(
      DELIVER_NOTIFICATION,
      { deliveryId: queued.id },
      { singletonKey: String(queued.id) },
    );
    expect(jobId).not.toBeNull();
    for (let waited = 0; waited < 10_000; waited += 100) {
      if ((await boss.getJobById(DELIVER_NOTIFICATION, jobId!))?.state === 'completed') break;
      await sleep(100);
    }
    expect((await boss.getJobById(DELIVER_NOTIFICATION, jobId!))?.state).toBe('completed');
    expect(t.sentMail.filter((m) => m.to === 'repeat@example.com')).toHaveLength(1);
    expect(await findDeliveryById(ctx.db, queued.id)).toMatchObject({
      status: 'sent',
      attempts: 1,
    });
  });

  it('counts attempts by channel and outcome, and the wait of each message sent (issue #26)', async () => {
    const attempts = async (outcome: string) =>
      (await ctx.metrics.deliveries.get()).values.find(
        (v) => v.labels.channel === 'sms' && v.labels.outcome === outcome,
      )?.value ?? 0;
    const waits = async () =>
      (await ctx.metrics.deliveryLatency.get()).values.find(
        (v) =>
          v.metricName === 'monitor_delivery_latency_seconds_count' && v.labels.channel === 'sms',
      )?.value ?? 0;
    const before = {
      sent: await attempts('sent'),
      failed: await attempts('failed'),
      gaveUp: await attempts('gave_up'),
      waits: await waits(),
    };
    textFailuresLeft = 1;
    const retried = await queueDelivery(ctx, { channel: 'sms', address: '15125550105', body: 'A' });
    await waitForDelivery(ctx, retried.id, (r) => r.status === 'sent');
    textFailuresLeft = 100;
    const lost = await queueDelivery(ctx, { channel: 'sms', address: '15125550106', body: 'B' });
    await waitForDelivery(ctx, lost.id, (r) => r.status === 'failed');
    textFailuresLeft = 0;
    expect({
      sent: await attempts('sent'),
      failed: await attempts('failed'),
      gaveUp: await attempts('gave_up'),
      waits: await waits(),
    }).toEqual({
      sent: before.sent + 1,
      // One failed attempt of the first, every attempt but the last of the second.
      failed: before.failed + 1 + FAST_RETRY.retryLimit,
      gaveUp: before.gaveUp + 1,
      waits: before.waits + 1,
    });
  });

  it('keeps the production retry policy: five retries with exponential back-off', async () => {
    const queue = await ctx.jobs.boss.getQueue(DELIVER_NOTIFICATION);
    expect(queue).toMatchObject({ policy: 'stately', retryLimit: FAST_RETRY.retryLimit });
    expect(DEFAULT_DELIVERY_RETRY).toMatchObject({ retryLimit: 5, retryBackoff: true });
  });
});

describe(`two workers on ${database}`, () => {
  let t: TestApp;
  const queues: { queue: JobQueue; drop: () => Promise<void> }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const { drop } of queues.reverse()) await drop();
    await t.close();
  });

  it('never send the same delivery twice, and the queue holds one waiting job per delivery', async () => {
    const first = await startTestJobQueue(t.ctx);
    queues.push(first);
    const second = await startTestJobQueue(t.ctx, { schema: first.schema });
    queues.push(second);
    const sent: string[] = [];
    const countingSms: SmsVoiceSender = {
      kind: 'outbox',
      sendText: async (to) => {
        sent.push(to);
        await sleep(20);
      },
      placeCall: () => Promise.reject(new Error('no calls in this test')),
    };
    const ctx: AppContext = { ...t.ctx, sms: countingSms, jobs: first.queue };
    await startDeliveryWorker(ctx, first.queue, FAST_RETRY);
    await startDeliveryWorker({ ...ctx, jobs: second.queue }, second.queue, FAST_RETRY);

    const ids: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const row = await queueDelivery(ctx, {
        channel: 'sms',
        address: `1512555${String(i).padStart(4, '0')}`,
        body: `alarm ${i}`,
      });
      ids.push(row.id);
      // A second job for a delivery still waiting is refused by its singleton key.
      const duplicate = await first.queue.boss.send(
        DELIVER_NOTIFICATION,
        { deliveryId: row.id },
        { singletonKey: String(row.id) },
      );
      expect(duplicate).toBeNull();
    }
    for (const id of ids) await waitForDelivery(ctx, id, (r) => r.status === 'sent');
    expect(sent).toHaveLength(20);
    expect(new Set(sent).size).toBe(20);
  });
});

describe(`retry back-off on ${database}`, () => {
  let t: TestApp;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await drop?.();
    await t.close();
  });

  it('waits before retrying a failed call, at least the retry delay', async () => {
    const started = await startTestJobQueue(t.ctx);
    drop = started.drop;
    const attemptsAt: number[] = [];
    const sms: SmsVoiceSender = {
      ...t.ctx.sms,
      placeCall: async (to, text) => {
        attemptsAt.push(Date.now());
        if (attemptsAt.length === 1) throw new Error('busy');
        await t.ctx.sms.placeCall(to, text);
      },
    };
    const ctx: AppContext = { ...t.ctx, sms, jobs: started.queue };
    await startDeliveryWorker(ctx, started.queue, {
      retryLimit: 1,
      retryDelaySeconds: 1,
      retryBackoff: true,
      pollingIntervalSeconds: 0.5,
    });
    const queued = await queueDelivery(ctx, {
      channel: 'voice',
      address: '15125550199',
      body: 'Door open',
    });
    const row = await waitForDelivery(ctx, queued.id, (r) => r.status !== 'queued');
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: 'busy' });
    expect(attemptsAt).toHaveLength(2);
    expect(attemptsAt[1]! - attemptsAt[0]!).toBeGreaterThanOrEqual(1_000);
  });
});
