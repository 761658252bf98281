import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueuedTestApp } from '../../../test/helpers/job-queue';
import type { TestApp } from '../../../test/helpers/test-app';
import { countRoundTrips } from '../../../test/helpers/round-trips';
import {
  createAlarmUnit,
  email,
  findDeliveries,
  findEvents,
  storeReadings,
  type AlarmUnit,
} from '../../../test/helpers/alarm-units';
import { evaluateAlarms } from './alarm-engine';
import { recordEvaluation } from './alarm-events.repository';

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

describe(`quiet batches are recorded without the unit's lock on ${database} (decision 061)`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createQueuedTestApp();
  });
  afterAll(() => t.close());

  const later = (minutes = 1) => {
    t.advanceTime(minutes * 60_000);
    return t.ctx.now();
  };

  const unitRecord = (unit: AlarmUnit) =>
    t.ctx.db
      .selectFrom('devices')
      .select(['alarms_evaluations', 'alarms_evaluated_through'])
      .where('id', '=', unit.device.id)
      .executeTakeFirstOrThrow();

  const tempPoint = (unit: AlarmUnit) =>
    t.ctx.db
      .selectFrom('alarm_points')
      .select(['id', 'last_read_value', 'last_read_at', 'pending_since', 'pending_readings'])
      .where('user_device_id', '=', unit.userDeviceId)
      .where('sensor_type', '=', 'TEMP')
      .executeTakeFirstOrThrow();

  it("decision 061: a batch in range is evaluated in 2 round trips (the owner's facts, one guarded record) and recorded", async () => {
    const unit = await createAlarmUnit(t.ctx, { notifications: [email('TEMP', 'q@example.com')] });
    const at = later();
    const stored = await storeReadings(t.ctx, unit, [[at, 70]]);
    const { trips } = await countRoundTrips(() => evaluateAlarms(t.ctx, stored));
    expect(trips).toBe(2);
    expect(await unitRecord(unit)).toEqual({ alarms_evaluations: 1, alarms_evaluated_through: at });
    expect(await tempPoint(unit)).toMatchObject({ last_read_value: 70, last_read_at: at });
    expect(await findEvents(t.ctx, unit.userDeviceId)).toEqual([]);
  });

  it('decision 061: a breach within its delay is quiet too: its pending state is recorded, and the reading that outlasts the delay raises the alarm under the lock', async () => {
    const unit = await createAlarmUnit(t.ctx, {
      points: [{ sensor_type: 'TEMP', range_min: 40, range_max: 85, delay_readings: 2 }],
      notifications: [email('TEMP', 'delay@example.com')],
    });
    const first = later();
    const breach = await storeReadings(t.ctx, unit, [[first, 95]]);
    expect((await countRoundTrips(() => evaluateAlarms(t.ctx, breach))).trips).toBe(2);
    expect(await tempPoint(unit)).toMatchObject({ pending_since: first, pending_readings: 1 });
    expect(await findEvents(t.ctx, unit.userDeviceId)).toEqual([]);

    await evaluateAlarms(t.ctx, await storeReadings(t.ctx, unit, [[later(), 96]]));
    expect(await findEvents(t.ctx, unit.userDeviceId)).toMatchObject([
      { alarm_type: 'TEMP', opening_report_at: first, is_notified: true },
    ]);
    expect(await tempPoint(unit)).toMatchObject({ pending_since: null });
    expect((await unitRecord(unit)).alarms_evaluations).toBe(2);
  });

  it('decision 061: a record whose facts went stale (another evaluation was recorded since they were read) writes nothing', async () => {
    const unit = await createAlarmUnit(t.ctx);
    const point = await tempPoint(unit);
    const at = later();
    const record = (ifEvaluations: number) =>
      recordEvaluation(t.ctx.db, {
        deviceId: unit.device.id,
        evaluatedThrough: at,
        points: [
          {
            id: point.id,
            lastReadValue: 71,
            lastReadAt: at,
            lastTriggeredAlarm: null,
            pending: null,
          },
        ],
        ifEvaluations,
      });
    await t.ctx.db
      .updateTable('devices')
      .set({ alarms_evaluations: 5 })
      .where('id', '=', unit.device.id)
      .execute();
    expect(await record(4)).toBe(false);
    expect(await unitRecord(unit)).toEqual({
      alarms_evaluations: 5,
      alarms_evaluated_through: null,
    });
    expect(await tempPoint(unit)).toMatchObject({ last_read_value: null });
    expect(await record(5)).toBe(true);
    expect(await unitRecord(unit)).toEqual({ alarms_evaluations: 6, alarms_evaluated_through: at });
    expect(await tempPoint(unit)).toMatchObject({ last_read_value: 71 });
  });

  it('decision 061: a batch in range evaluated at once with an older one that raises an alarm ends that alarm, told once either way', async () => {
    const unit = await createAlarmUnit(t.ctx, {
      notifications: [email('TEMP', 'race@example.com', { tell_all_clear: true })],
    });
    const hot = later();
    const cool = later();
    const [alarmBatch, quietBatch] = [
      await storeReadings(t.ctx, unit, [[hot, 100]]),
      await storeReadings(t.ctx, unit, [[cool, 70]]),
    ];
    await Promise.all([evaluateAlarms(t.ctx, alarmBatch), evaluateAlarms(t.ctx, quietBatch)]);
    expect(await findEvents(t.ctx, unit.userDeviceId)).toMatchObject([
      { opening_report_at: hot, closing_report_at: cool, is_notified: true },
    ]);
    // The alarm first: it is told, then cleared. The quiet batch first: the alarm arrived late,
    // already over, and is told once as such.
    const kinds = (await findDeliveries(t.ctx, unit.userDeviceId)).map((d) => d.kind);
    expect([['alarm', 'all-clear'], ['alarm-late']]).toContainEqual(kinds);
    expect(await unitRecord(unit)).toMatchObject({ alarms_evaluated_through: cool });
  });
});
