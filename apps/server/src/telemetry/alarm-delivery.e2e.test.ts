import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../adapters/mail/mailer';
import { startDeliveryWorker } from '../jobs/deliver-notification.job';
import { startTestJobQueue } from '../../test/helpers/job-queue';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { createAlarmUnit, email, postReadings } from '../../test/helpers/alarm-units';

type Received = { to: string[]; raw: string };

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

describe(`an alarm end to end through the job queue on ${database} (issue #4)`, () => {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  let t: TestApp;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({
      mailer: ({ db }) =>
        createMailer({
          smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
          from: 'Monitoring <alerts@monitoring.example>',
          db,
          log: { info: () => undefined },
        }),
    });
    const started = await startTestJobQueue(t.ctx);
    drop = started.drop;
    t.ctx.jobs = started.queue;
    await startDeliveryWorker(t.ctx, started.queue, {
      retryLimit: 1,
      retryDelaySeconds: 0,
      retryBackoff: false,
      pollingIntervalSeconds: 0.5,
    });
  });
  afterAll(async () => {
    await drop();
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  /** Waits (up to 15 s) until `count` deliveries of the unit's events are sent. */
  async function waitForSent(userDeviceId: number, count: number): Promise<void> {
    for (let waited = 0; waited < 15_000; waited += 100) {
      const sent = await t.ctx.db
        .selectFrom('deliveries as d')
        .innerJoin('alarm_events as e', 'e.id', 'd.alarm_event_id')
        .select('d.id')
        .where('e.user_device_id', '=', userDeviceId)
        .where('d.status', '=', 'sent')
        .execute();
      if (sent.length >= count) return;
      await sleep(100);
    }
    throw new Error(`fewer than ${count} deliveries were sent`);
  }

  it('out of range: e-mail over real SMTP, text and call in the outbox; back in range: an all-clear e-mail', async () => {
    const unit = await createAlarmUnit(t.ctx, {
      notifications: [
        email('TEMP', 'owner@example.com'),
        { alarm_type: 'TEMP', message_type: 'SMS', message_address: '15125550111' },
        { alarm_type: 'TEMP', message_type: 'VOICE', message_address: '15125550112' },
      ],
    });
    t.advanceTime(60_000);
    await postReadings(t, unit.device, [[t.ctx.now(), { Temperature: 97 }]]);
    await waitForSent(unit.userDeviceId, 3);

    expect(received.map((r) => r.to)).toEqual([['owner@example.com']]);
    expect(received[0]?.raw).toContain('Subject: ALARM: Temperature out of range');
    expect(received[0]?.raw).toContain('URGENT: Temperature out of range. Please take action!');
    expect(received[0]?.raw).toContain(unit.device.serial);
    const outbox = await t.ctx.db
      .selectFrom('outbox_messages')
      .select(['channel', 'recipient', 'text_body'])
      .where('recipient', 'in', ['15125550111', '15125550112'])
      .orderBy('channel')
      .execute();
    expect(outbox.map((m) => [m.channel, m.recipient])).toEqual([
      ['sms', '15125550111'],
      ['voice', '15125550112'],
    ]);
    expect(outbox[0]?.text_body).toContain('Temperature 97.0°F (range 40°F to 85°F)');

    t.advanceTime(60_000);
    await postReadings(t, unit.device, [[t.ctx.now(), { Temperature: 70 }]]);
    await waitForSent(unit.userDeviceId, 6);
    expect(received.map((r) => r.to)).toEqual([['owner@example.com'], ['owner@example.com']]);
    expect(received[1]?.raw).toContain('Subject: All clear: Temperature back in range');
  });
});
