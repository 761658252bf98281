import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createQueuedTestApp,
  startTestJobQueue,
  type QueuedTestApp,
} from '../../../test/helpers/job-queue';
import type { TestApp } from '../../../test/helpers/test-app';
import {
  createAlarmUnit,
  email,
  findDeliveries,
  findEvents,
  postReadings,
  type AlarmUnit,
} from '../../../test/helpers/alarm-units';
import {
  NOCALL_WATCHDOG,
  expectedReportIntervalMs,
  runNoCallWatchdog,
  startNoCallWatchdog,
} from './nocall-watchdog';

const MINUTE = 60_000;
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

describe(`the NOCALL watchdog on ${database} (issue #4, decision 011)`, () => {
  let t: QueuedTestApp;
  beforeAll(async () => {
    t = await createQueuedTestApp();
  });
  afterAll(() => t.close());

  const nocallUnit = (deviceType = 4, extra: { mute?: boolean } = {}) =>
    createAlarmUnit(t.ctx, {
      deviceType,
      notifications: [
        email('NOCALL', 'silence@example.com'),
        { alarm_type: 'NOCALL', message_type: 'SMS', message_address: '15551230000' },
        email('TEMP', 'temp-only@example.com'),
      ],
      ...extra,
    });

  /** Reports now, then lets `minutes` pass in silence. */
  async function reportThenWait(unit: AlarmUnit, minutes: number): Promise<Date> {
    const at = t.ctx.now();
    await postReadings(t, unit.device, [[at, { Temperature: 71.6, Humidity: 44.4 }]]);
    t.advanceTime(minutes * MINUTE);
    return at;
  }

  it('expects a report every 15 minutes from a basic unit, 5 from a PRO, 20 in pet monitor mode (device-management §4, §9)', () => {
    expect(expectedReportIntervalMs(1, false)).toBe(15 * MINUTE);
    expect(expectedReportIntervalMs(4, false)).toBe(5 * MINUTE);
    expect(expectedReportIntervalMs(4, true)).toBe(20 * MINUTE);
  });

  it('raises NOCALL once after three intervals of silence, with serial, last message time and last readings, and clears it with an all-clear when the unit reports again (accounts-devices-billing §9)', async () => {
    const unit = await nocallUnit();
    await reportThenWait(unit, 14);
    expect(await runNoCallWatchdog(t.ctx)).toBe(0);
    t.advanceTime(1 * MINUTE);
    expect(await runNoCallWatchdog(t.ctx)).toBe(1);
    // The next tick finds it open and repeats nothing.
    t.advanceTime(1 * MINUTE);
    expect(await runNoCallWatchdog(t.ctx)).toBe(0);

    const [event] = await findEvents(t.ctx, unit.userDeviceId);
    expect(event).toMatchObject({ alarm_type: 'NOCALL', is_notified: true, closed_at: null });
    const deliveries = await findDeliveries(t.ctx, unit.userDeviceId);
    expect(deliveries.map((d) => [d.channel, d.address])).toEqual([
      ['email', 'silence@example.com'],
      ['sms', '15551230000'],
    ]);
    expect(deliveries[0]?.body.split('\n')[0]).toBe(
      `URGENT: Unit ${unit.device.serial} has not called in since Sunday, November 22, 2026 at 7:00 AM EST. Last readings: Temperature 72°F, Humidity 44%. Please take action!`,
    );
    // The e-mail is drawn on the brand's page (issue #24); the text is words only.
    expect(deliveries[0]?.html_body).toContain(
      '<h1 style="font-size: 20px">Unit has not called in</h1>',
    );
    expect(deliveries[1]?.html_body).toBeNull();

    const back = t.ctx.now();
    await postReadings(t, unit.device, [[back, {}]]);
    const [closed] = await findEvents(t.ctx, unit.userDeviceId);
    expect(closed).toMatchObject({ closing_report_at: back });
    expect(closed?.closed_at).not.toBeNull();
    const all = await findDeliveries(t.ctx, unit.userDeviceId);
    expect(all.slice(2).map((d) => [d.address, d.subject])).toEqual([
      [
        'silence@example.com',
        `All clear: Unit is calling in again - Test unit (${unit.device.serial})`,
      ],
      ['15551230000', `All clear: Unit is calling in again - Test unit (${unit.device.serial})`],
    ]);
  });

  it('waits 45 minutes for a basic unit and an hour in pet monitor mode', async () => {
    const basic = await nocallUnit(1);
    const pet = await nocallUnit(4);
    await t.ctx.db
      .updateTable('user_devices')
      .set({ pet_monitor: true, last_requested_time: Math.floor(t.ctx.now().getTime() / 1000) })
      .where('id', '=', pet.userDeviceId)
      .execute();
    await reportThenWait(basic, 0);
    await reportThenWait(pet, 44);
    await runNoCallWatchdog(t.ctx);
    expect(await findEvents(t.ctx, basic.userDeviceId)).toEqual([]);
    t.advanceTime(1 * MINUTE);
    await runNoCallWatchdog(t.ctx);
    expect((await findEvents(t.ctx, basic.userDeviceId)).map((e) => e.alarm_type)).toEqual([
      'NOCALL',
    ]);
    expect(await findEvents(t.ctx, pet.userDeviceId)).toEqual([]);
    t.advanceTime(15 * MINUTE);
    await runNoCallWatchdog(t.ctx);
    expect((await findEvents(t.ctx, pet.userDeviceId)).map((e) => e.alarm_type)).toEqual([
      'NOCALL',
    ]);
  });

  it('leaves a muted unit (Device OFF) and a unit that never reported alone (decision 011)', async () => {
    const muted = await nocallUnit(4, { mute: true });
    const never = await nocallUnit(4);
    await reportThenWait(muted, 120);
    await runNoCallWatchdog(t.ctx);
    expect(await findEvents(t.ctx, muted.userDeviceId)).toEqual([]);
    expect(await findEvents(t.ctx, never.userDeviceId)).toEqual([]);
  });

  it('keeps one waiting tick however many processes start the watchdog', async () => {
    // A second pg-boss on the same jobs, as a second server process would be.
    const second = await startTestJobQueue(t.ctx, { schema: t.schema });
    try {
      await startNoCallWatchdog(t.ctx, t.queue);
      await startNoCallWatchdog(t.ctx, second.queue);
      await startNoCallWatchdog(t.ctx, t.queue);
      expect(await t.queue.boss.getQueueSize(NOCALL_WATCHDOG)).toBe(1);
    } finally {
      await second.queue.stop();
    }
  });

  it("does not watch a unit silent since before its owner's visible history began: its last report is an earlier owner's (device-management §5; decision 017)", async () => {
    const unit = await nocallUnit();
    await reportThenWait(unit, 1);
    // Registered to this owner after its last report, as when it changed hands while silent.
    await t.ctx.db
      .updateTable('user_devices')
      .set({ visible_from: t.ctx.now() })
      .where('id', '=', unit.userDeviceId)
      .execute();
    t.advanceTime(60 * MINUTE);
    await runNoCallWatchdog(t.ctx);
    expect(await findEvents(t.ctx, unit.userDeviceId)).toEqual([]);
    expect(await findDeliveries(t.ctx, unit.userDeviceId)).toEqual([]);

    await reportThenWait(unit, 16);
    await runNoCallWatchdog(t.ctx);
    expect((await findEvents(t.ctx, unit.userDeviceId)).map((e) => e.alarm_type)).toEqual([
      'NOCALL',
    ]);
  });
});

describe(`NOCALL ticks through the job queue on ${database} (issue #4)`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createQueuedTestApp();
  });
  afterAll(() => t.close());

  it('a tick taken from the queue raises NOCALL for a silent unit', async () => {
    const unit = await createAlarmUnit(t.ctx, {
      notifications: [email('NOCALL', 'tick@example.com')],
    });
    await postReadings(t, unit.device, [[t.ctx.now(), {}]]);
    t.advanceTime(30 * MINUTE);
    if (!t.ctx.jobs) throw new Error('no job queue');
    // Ticks back to back, so the test need not wait a minute.
    await startNoCallWatchdog(t.ctx, t.ctx.jobs, { tickSeconds: 0 });
    let events = await findEvents(t.ctx, unit.userDeviceId);
    for (let waited = 0; events.length === 0 && waited < 15_000; waited += 200) {
      await sleep(200);
      events = await findEvents(t.ctx, unit.userDeviceId);
    }
    expect(events.map((e) => e.alarm_type)).toEqual(['NOCALL']);
    expect((await findDeliveries(t.ctx, unit.userDeviceId)).map((d) => d.address)).toEqual([
      'tick@example.com',
    ]);
  });
});
