import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveringTestApp } from '../../../test/helpers/job-queue';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/helpers/smtp-server';
import type { TestApp } from '../../../test/helpers/test-app';
import { createAlarmUnit, email, postReadings } from '../../../test/helpers/alarm-units';

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

describe(`an alarm end to end through the job queue on ${database} (issue #4)`, () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createDeliveringTestApp({ mailer: smtp.mailer });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
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

    expect(smtp.received.map((r) => r.to)).toEqual([['owner@example.com']]);
    expect(smtp.received[0]?.raw).toContain('Subject: ALARM: Temperature out of range');
    expect(smtp.received[0]?.raw).toContain(
      'URGENT: Temperature out of range. Please take action!',
    );
    expect(smtp.received[0]?.raw).toContain(unit.device.serial);
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
    expect(smtp.received.map((r) => r.to)).toEqual([['owner@example.com'], ['owner@example.com']]);
    expect(smtp.received[1]?.raw).toContain('Subject: All clear: Temperature back in range');
  });
});
