import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueuedTestApp, type QueuedTestApp } from '../../../test/helpers/job-queue';
import {
  createAlarmUnit,
  email,
  findDeliveries,
  findEvents,
  postReadings,
} from '../../../test/helpers/alarm-units';
import { ALARM_FOLLOW_UP, type AlarmFollowUpData } from './alarm-deliveries';
import { createAlarmFollowUpQueue, runAlarmFollowUp } from './alarm-follow-ups.job';

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database';
const MINUTE = 60_000;

describe(`issue #23 alarms never blind, never flapping, repeated until answered, on ${database} (decision 059)`, () => {
  let t: QueuedTestApp;
  beforeAll(async () => {
    t = await createQueuedTestApp();
    await createAlarmFollowUpQueue(t.queue);
  });
  afterAll(() => t.close());

  const later = (minutes = 1) => {
    t.advanceTime(minutes * MINUTE);
    return t.ctx.now();
  };
  const kinds = async (userDeviceId: number) =>
    (await findDeliveries(t.ctx, userDeviceId)).map((d) => d.kind);
  /** The follow-ups waiting in the queue, by step, with when they start. */
  const followUps = async () => {
    const { rows } = await sql<{ data: AlarmFollowUpData; start_after: Date }>`
      SELECT data, start_after FROM ${sql.id(t.schema, 'job')}
      WHERE name = ${ALARM_FOLLOW_UP} AND state = 'created' ORDER BY start_after`.execute(t.ctx.db);
    return rows;
  };

  it('issue #23 finding 3: readings hovering at a high end of 80 °F send one alarm and no all-clear until 1 °F back inside (deadband)', async () => {
    const unit = await createAlarmUnit(t.ctx, {
      points: [{ sensor_type: 'TEMP', range_min: 40, range_max: 80 }],
      notifications: [email('TEMP', 'hover@example.com')],
    });
    for (const temperature of [80.6, 79.6, 80.5, 79.7, 80.4, 79.8])
      await postReadings(t, unit.device, [[later(), { Temperature: temperature }]]);
    expect(await kinds(unit.userDeviceId)).toEqual(['alarm']);
    await postReadings(t, unit.device, [[later(), { Temperature: 78.9 }]]);
    expect(await kinds(unit.userDeviceId)).toEqual(['alarm', 'all-clear']);
    expect(await findEvents(t.ctx, unit.userDeviceId)).toHaveLength(1);
  });

  it('issue #23 finding 3: humidity 9.6 → 10.1 → 9.8 against a low end of 10 % sends one e-mail (2 %RH deadband)', async () => {
    const unit = await createAlarmUnit(t.ctx, {
      notifications: [email('HUMIDITY', 'dry@example.com')],
    });
    for (const humidity of [9.6, 10.1, 9.8])
      await postReadings(t, unit.device, [[later(), { Humidity: humidity }]]);
    expect(await kinds(unit.userDeviceId)).toEqual(['alarm']);
  });

  it('issue #23 deadband: 0 turns it off, so the same hovering readings flap', async () => {
    const unit = await createAlarmUnit(t.ctx, {
      points: [{ sensor_type: 'TEMP', range_min: 40, range_max: 80, deadband: 0 }],
      notifications: [email('TEMP', 'nodeadband@example.com')],
    });
    for (const temperature of [80.6, 79.6, 80.5])
      await postReadings(t, unit.device, [[later(), { Temperature: temperature }]]);
    expect(await kinds(unit.userDeviceId)).toEqual(['alarm', 'all-clear', 'alarm']);
  });

  it('issue #23 delay: a breach rises after lasting 3 readings, the event starting at its first', async () => {
    const unit = await createAlarmUnit(t.ctx, {
      points: [{ sensor_type: 'TEMP', range_min: 40, range_max: 85, delay_readings: 3 }],
      notifications: [email('TEMP', 'delay@example.com')],
    });
    const first = later();
    await postReadings(t, unit.device, [[first, { Temperature: 90 }]]);
    await postReadings(t, unit.device, [[later(), { Temperature: 95 }]]);
    expect(await findEvents(t.ctx, unit.userDeviceId)).toEqual([]);
    const third = later();
    await postReadings(t, unit.device, [[third, { Temperature: 91 }]]);
    const [event] = await findEvents(t.ctx, unit.userDeviceId);
    expect(event).toMatchObject({ opening_report_at: first, raised_report_at: third });
    expect(event?.peak_value).toBe(95);
    expect(await kinds(unit.userDeviceId)).toEqual(['alarm']);
  });

  it('issue #23 range in force: a late reading taken before a range change is judged by the range it was taken under', async () => {
    const unit = await createAlarmUnit(t.ctx, {
      points: [{ sensor_type: 'TEMP', range_min: 40, range_max: 100 }],
      notifications: [email('TEMP', 'inforce@example.com')],
    });
    const before = later();
    const changedAt = later(10);
    await t.ctx.db
      .updateTable('alarm_points')
      .set({ range_max: 80, last_updated_at: changedAt, last_range_change: changedAt })
      .where('user_device_id', '=', unit.userDeviceId)
      .where('sensor_type', '=', 'TEMP')
      .execute();
    const after = later(2);
    await postReadings(t, unit.device, [[after, { Temperature: 70 }]]);
    // 95 °F was inside 40–100 when it was taken: the late reading raises nothing.
    await postReadings(t, unit.device, [[before, { Temperature: 95 }]]);
    expect(await findEvents(t.ctx, unit.userDeviceId)).toEqual([]);
    // 95 °F after the change to 40–80 alarms at once (no sync blindness).
    await postReadings(t, unit.device, [[later(), { Temperature: 95 }]]);
    expect(await kinds(unit.userDeviceId)).toEqual(['alarm']);
  });

  it('issue #23 finding 2: a late batch sent after a newer reading forms its excursion and tells it once, "while the unit could not report"', async () => {
    const unit = await createAlarmUnit(t.ctx, {
      notifications: [email('TEMP', 'coldchain@example.com')],
    });
    const now = later(60);
    const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE);
    await postReadings(t, unit.device, [[now, { Temperature: 70 }]]);
    await postReadings(t, unit.device, [
      [ago(50), { Temperature: 70 }],
      [ago(45), { Temperature: 95 }],
      [ago(40), { Temperature: 99 }],
      [ago(35), { Temperature: 84.5 }],
      [ago(30), { Temperature: 70 }],
    ]);
    const events = await findEvents(t.ctx, unit.userDeviceId);
    expect(events).toMatchObject([
      { opening_report_at: ago(45), closing_report_at: ago(30), is_notified: true },
    ]);
    expect(events[0]?.peak_value).toBe(99);
    const deliveries = await findDeliveries(t.ctx, unit.userDeviceId);
    expect(deliveries.map((d) => d.kind)).toEqual(['alarm-late']);
    expect(deliveries[0]?.body).toContain('while the unit could not report.');
    expect(deliveries[0]?.body).toContain('Worst reading: Temperature 99.0°F (range 40°F to 85°F)');
    // The same batch again (a unit resending) changes nothing and tells nobody again.
    await postReadings(t, unit.device, [[ago(40), { Temperature: 99 }]]);
    expect(await findDeliveries(t.ctx, unit.userDeviceId)).toHaveLength(1);
  });

  it('issue #23 snooze: an alarm rising while the unit is snoozed is recorded, not told; the first reading after the snooze tells it', async () => {
    const unit = await createAlarmUnit(t.ctx, {
      notifications: [email('TEMP', 'snooze@example.com')],
    });
    const until = new Date(later().getTime() + 60 * MINUTE);
    await t.ctx.db
      .updateTable('user_devices')
      .set({ alarms_snoozed_until: until })
      .where('id', '=', unit.userDeviceId)
      .execute();
    await postReadings(t, unit.device, [[later(), { Temperature: 100 }]]);
    expect(await findEvents(t.ctx, unit.userDeviceId)).toMatchObject([{ is_notified: false }]);
    expect(await kinds(unit.userDeviceId)).toEqual([]);
    await postReadings(t, unit.device, [[later(61), { Temperature: 101 }]]);
    expect(await kinds(unit.userDeviceId)).toEqual(['alarm']);
  });

  it('issue #23 repeat and escalate: a reminder every 15 minutes up to its cap, an escalation after its wait, each step once; acknowledging stops them', async () => {
    const unit = await createAlarmUnit(t.ctx, {
      notifications: [
        email('TEMP', 'first@example.com', { repeat_minutes: 15, repeat_cap: 2 }),
        { ...email('TEMP', 'neighbour@example.com'), wait_minutes: 20 },
      ],
    });
    const raisedAt = later();
    await postReadings(t, unit.device, [[raisedAt, { Temperature: 100 }]]);
    const [event] = await findEvents(t.ctx, unit.userDeviceId);
    const eventId = event!.id;
    expect((await findDeliveries(t.ctx, unit.userDeviceId)).map((d) => d.address)).toEqual([
      'first@example.com',
    ]);
    const waiting = (await followUps()).filter((j) => j.data.eventId === eventId);
    expect(waiting.map((j) => [j.data.step, j.start_after.getTime() - raisedAt.getTime()])).toEqual(
      [
        [1, 15 * MINUTE],
        [0, 20 * MINUTE],
      ],
    );
    const [reminder, escalation] = waiting.map((j) => j.data);

    expect(await runAlarmFollowUp(t.ctx, reminder!)).toBe('sent');
    // A job run twice (a retry after its commit) sends nothing more.
    expect(await runAlarmFollowUp(t.ctx, reminder!)).toBe('already-sent');
    expect(await runAlarmFollowUp(t.ctx, escalation!)).toBe('sent');
    const deliveries = await findDeliveries(t.ctx, unit.userDeviceId);
    expect(deliveries.map((d) => [d.address, d.step])).toEqual([
      ['first@example.com', 0],
      ['first@example.com', 1],
      ['neighbour@example.com', 0],
    ]);
    expect(deliveries[1]?.subject).toMatch(/^REMINDER 1: ALARM: Temperature out of range/);
    // The reminder scheduled the next one; the cap (2) leaves none after it.
    const next = (await followUps()).filter((j) => j.data.eventId === eventId && j.data.step > 1);
    expect(next.map((j) => j.data.step)).toEqual([2]);
    expect(await runAlarmFollowUp(t.ctx, next[0]!.data)).toBe('sent');
    expect(
      (await followUps()).filter((j) => j.data.eventId === eventId && j.data.step > 2),
    ).toEqual([]);

    await t.ctx.db
      .updateTable('alarm_events')
      .set({ acknowledged_at: t.ctx.now(), acknowledged_by: 'first@example.com' })
      .where('id', '=', eventId)
      .execute();
    expect(await runAlarmFollowUp(t.ctx, escalation!)).toBe('answered');
    expect(await findDeliveries(t.ctx, unit.userDeviceId)).toHaveLength(4);
  });

  it('issue #23 repeat: a reminder due while the unit is snoozed waits for the snooze to end; clearing stops it', async () => {
    const unit = await createAlarmUnit(t.ctx, {
      notifications: [email('TEMP', 'repeat@example.com', { repeat_minutes: 30, repeat_cap: 3 })],
    });
    await postReadings(t, unit.device, [[later(), { Temperature: 100 }]]);
    const [event] = await findEvents(t.ctx, unit.userDeviceId);
    const [due] = (await followUps()).filter((j) => j.data.eventId === event!.id);
    const until = new Date(later(30).getTime() + 4 * 60 * MINUTE);
    await t.ctx.db
      .updateTable('user_devices')
      .set({ alarms_snoozed_until: until })
      .where('id', '=', unit.userDeviceId)
      .execute();
    expect(await runAlarmFollowUp(t.ctx, due!.data)).toBe('snoozed');
    const [rescheduled] = (await followUps()).filter(
      (j) => j.data.eventId === event!.id && j.start_after.getTime() === until.getTime(),
    );
    expect(rescheduled?.data.step).toBe(1);
    await postReadings(t, unit.device, [[later(), { Temperature: 70 }]]);
    expect(await runAlarmFollowUp(t.ctx, rescheduled!.data)).toBe('answered');
    expect(await kinds(unit.userDeviceId)).toEqual(['alarm', 'all-clear']);
  });
});
