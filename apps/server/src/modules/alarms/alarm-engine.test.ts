import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueuedTestApp } from '../../../test/helpers/job-queue';
import type { TestApp } from '../../../test/helpers/test-app';
import { attachPuck } from '../../../test/helpers/devices';
import { createUser } from '../../../test/helpers/factories';
import { registerUserDevice } from '../../../test/helpers/devices';
import {
  addAlarmPoints,
  addNotifications,
  createAlarmUnit,
  email,
  findDeliveries,
  findEvents,
  postReadings,
  storeReadings,
} from '../../../test/helpers/alarm-units';
import { evaluateAlarms } from './alarm-engine';
import { formatAlarmTime } from './alarm-messages';

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

describe(`alarm evaluation after ingest on ${database} (issue #4, decision 011)`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createQueuedTestApp();
  });
  afterAll(() => t.close());

  /** Moves the clock on and answers the new time: each reading is fresh when it arrives. */
  const later = (minutes = 1) => {
    t.advanceTime(minutes * 60_000);
    return t.ctx.now();
  };

  it('opens one event and queues one delivery per matching notification (email, sms, voice), nothing for other types or other users (device-management §4)', async () => {
    const unit = await createAlarmUnit(t.ctx, {
      notifications: [
        email('TEMP', 'owner@example.com', { message: 'Freezer too warm!' }),
        { alarm_type: 'TEMP', message_type: 'SMS', message_address: '15551234567' },
        { alarm_type: 'TEMP', message_type: 'VOICE', message_address: '15557654321' },
        email('TEMP', 'off@example.com', { disable_alarm: true }),
        email('HUMIDITY', 'humidity@example.com'),
        email('POWER', 'power@example.com'),
      ],
    });
    const bystander = await createAlarmUnit(t.ctx, {
      notifications: [email('TEMP', 'bystander@example.com')],
    });
    const at = later();
    await postReadings(t, unit.device, [[at, { Temperature: 91.24 }]]);
    await postReadings(t, bystander.device, [[at, { Temperature: 70 }]]);

    const events = await findEvents(t.ctx, unit.userDeviceId);
    expect(events).toMatchObject([
      {
        alarm_type: 'TEMP',
        peripheral_id: null,
        opening_report_at: at,
        is_notified: true,
        closed_at: null,
      },
    ]);
    expect(events[0]?.opening_value).toBeCloseTo(91.24, 2);
    const deliveries = await findDeliveries(t.ctx, unit.userDeviceId);
    expect(deliveries.map((d) => [d.channel, d.address, d.status])).toEqual([
      ['email', 'owner@example.com', 'queued'],
      ['sms', '15551234567', 'queued'],
      ['voice', '15557654321', 'queued'],
    ]);
    const [mail, text] = deliveries;
    expect(mail?.subject).toBe(
      `ALARM: Temperature out of range - Test unit (${unit.device.serial})`,
    );
    expect(mail?.body.split('\n')).toEqual([
      'Freezer too warm!',
      `Test unit (serial ${unit.device.serial})`,
      'Temperature 91.2°F (range 40°F to 85°F)',
      'Sunday, November 22, 2026 at 7:01 AM EST',
      `http://localhost:3000/devices/${unit.userDeviceId}`,
      // An e-mail carries its signed acknowledge link (issue #23).
      expect.stringMatching(
        new RegExp(
          `^Acknowledge or snooze: http://localhost:3000/alarms/${events[0]!.id}/acknowledge\\?token=[\\w.%-]+$`,
        ),
      ),
    ]);
    // The e-mail is drawn in the owner's brand, the reading large (issue #24); a text is words only.
    expect(mail?.html_body).toContain('<h1 style="font-size: 20px">Temperature out of range</h1>');
    expect(mail?.html_body).toMatch(/font-size: 28px[^"]*">Temperature 91\.2°F</);
    expect(text?.html_body).toBeNull();
    // A notification without its own Message gets the domain default (accounts-devices-billing §9).
    expect(text?.body).toMatch(/^URGENT: Temperature out of range\. Please take action!\n/);
    expect(await findEvents(t.ctx, bystander.userDeviceId)).toEqual([]);
    expect(await findDeliveries(t.ctx, bystander.userDeviceId)).toEqual([]);
    const point = await t.ctx.db
      .selectFrom('alarm_points')
      .selectAll()
      .where('user_device_id', '=', unit.userDeviceId)
      .where('sensor_type', '=', 'TEMP')
      .executeTakeFirstOrThrow();
    expect(point.last_triggered_alarm).toEqual(at);
    expect(point.last_read_value).toBeCloseTo(91.24, 2);

    // Staying in alarm repeats nothing, in one batch or the next.
    await postReadings(t, unit.device, [
      [later(), { Temperature: 93 }],
      [later(), { Temperature: 95 }],
    ]);
    expect(await findEvents(t.ctx, unit.userDeviceId)).toHaveLength(1);
    expect(await findDeliveries(t.ctx, unit.userDeviceId)).toHaveLength(3);

    // Back in range: the event closes and the same three get a short all-clear.
    const back = later();
    await postReadings(t, unit.device, [[back, { Temperature: 72 }]]);
    const [closed] = await findEvents(t.ctx, unit.userDeviceId);
    expect(closed).toMatchObject({ closing_report_at: back, closing_value: 72 });
    expect(closed?.closed_at).not.toBeNull();
    const all = await findDeliveries(t.ctx, unit.userDeviceId);
    expect(all.slice(3).map((d) => [d.channel, d.address])).toEqual([
      ['email', 'owner@example.com'],
      ['sms', '15551234567'],
      ['voice', '15557654321'],
    ]);
    expect(all[3]?.subject).toBe(
      `All clear: Temperature back in range - Test unit (${unit.device.serial})`,
    );
    expect(all[3]?.body).toMatch(/^All clear: Temperature back in range\.\n/);
    expect(all[3]?.body).toContain('Temperature 72.0°F (range 40°F to 85°F)');
  });

  it("shows temperatures in the owner's unit (temp_pref C)", async () => {
    const unit = await createAlarmUnit(t.ctx, {
      notifications: [email('TEMP', 'celsius@example.com')],
    });
    await t.ctx.db
      .updateTable('users')
      .set({ temp_pref: 'C' })
      .where('id', '=', unit.userId)
      .execute();
    await postReadings(t, unit.device, [[later(), { Temperature: 95 }]]);
    const [delivery] = await findDeliveries(t.ctx, unit.userDeviceId);
    expect(delivery?.body).toContain('Temperature 35.0°C (range 4.4°C to 29.4°C)');
  });

  it('a yellow warning (within 5 of a bound) opens nothing: only red delivers (device-management §4)', async () => {
    const unit = await createAlarmUnit(t.ctx, { notifications: [email('TEMP', 'w@example.com')] });
    await postReadings(t, unit.device, [[later(), { Temperature: 83 }]]);
    expect(await findEvents(t.ctx, unit.userDeviceId)).toEqual([]);
  });

  it('issue #23 finding 1: a reading out of range 11 minutes after a range change raises the alarm at once (device-management §4 shows the change; it no longer blinds evaluation)', async () => {
    const changedAt = later();
    const unit = await createAlarmUnit(t.ctx, {
      points: [{ sensor_type: 'TEMP', range_min: 40, range_max: 85, last_range_change: changedAt }],
      notifications: [email('TEMP', 'sync@example.com')],
    });
    await postReadings(t, unit.device, [[later(11), { Temperature: 99 }]]);
    expect(await findEvents(t.ctx, unit.userDeviceId)).toHaveLength(1);
    expect(await findDeliveries(t.ctx, unit.userDeviceId)).toHaveLength(1);
  });

  it('a muted unit (Device OFF) raises no power alarm; an unmuted one does (device-management §4)', async () => {
    const muted = await createAlarmUnit(t.ctx, {
      mute: true,
      notifications: [email('POWER', 'muted@example.com')],
    });
    const plain = await createAlarmUnit(t.ctx, {
      notifications: [email('POWER', 'plain@example.com')],
    });
    const at = later();
    await postReadings(t, muted.device, [[at, { Power: 0 }]]);
    await postReadings(t, plain.device, [[at, { Power: 0 }]]);
    expect(await findEvents(t.ctx, muted.userDeviceId)).toEqual([]);
    const deliveries = await findDeliveries(t.ctx, plain.userDeviceId);
    expect(deliveries.map((d) => [d.alarm_type, d.address])).toEqual([
      ['POWER', 'plain@example.com'],
    ]);
    expect(deliveries[0]?.body).toMatch(/^URGENT: Power is currently OFF\. Please take action!\n/);
  });

  it('a NIST unit has no humidity alarm, but its temperature alarms (device-management §4)', async () => {
    const unit = await createAlarmUnit(t.ctx, {
      deviceType: 8,
      notifications: [email('HUMIDITY', 'nist@example.com'), email('TEMP', 'nist@example.com')],
    });
    await postReadings(t, unit.device, [[later(), { Humidity: 95 }]]);
    expect(await findEvents(t.ctx, unit.userDeviceId)).toEqual([]);
    await postReadings(t, unit.device, [[later(), { Humidity: 95, Temperature: 20 }]]);
    expect((await findEvents(t.ctx, unit.userDeviceId)).map((e) => e.alarm_type)).toEqual(['TEMP']);
  });

  it('a temperature alarm turned off (disabled point or temperature_active off) decides nothing', async () => {
    const unit = await createAlarmUnit(t.ctx, {
      points: [{ sensor_type: 'TEMP', range_min: 40, range_max: 85, is_enabled: false }],
      notifications: [email('TEMP', 'off@example.com')],
    });
    await postReadings(t, unit.device, [[later(), { Temperature: 99 }]]);
    const inactive = await createAlarmUnit(t.ctx, {
      notifications: [email('TEMP', 'inactive@example.com')],
    });
    await t.ctx.db
      .updateTable('user_devices')
      .set({ temperature_active: false })
      .where('id', '=', inactive.userDeviceId)
      .execute();
    await postReadings(t, inactive.device, [[later(), { Temperature: 99 }]]);
    expect(await findEvents(t.ctx, unit.userDeviceId)).toEqual([]);
    expect(await findEvents(t.ctx, inactive.userDeviceId)).toEqual([]);
  });

  it('water and motion reading 1 alarm on the unit itself (device-management §4)', async () => {
    const unit = await createAlarmUnit(t.ctx, {
      notifications: [email('WATER', 'wet@example.com'), email('MOTION', 'moves@example.com')],
    });
    await postReadings(t, unit.device, [[later(), { Water: 1, Motion: 1 }]]);
    const deliveries = await findDeliveries(t.ctx, unit.userDeviceId);
    expect(deliveries.map((d) => [d.alarm_type, d.address])).toEqual([
      ['WATER', 'wet@example.com'],
      ['MOTION', 'moves@example.com'],
    ]);
  });

  it("a puck temperature of 99.90 is ignored; out of its range it alarms the puck's SPUCK_TEMP notifications only (device-management §4, §9)", async () => {
    const unit = await createAlarmUnit(t.ctx);
    const puck = await attachPuck(t.ctx, unit.device.id, { location: 'Cellar' });
    await addAlarmPoints(t.ctx, unit.userDeviceId, [
      { sensor_type: 'SP_TEMP', peripheral_id: puck.id, range_min: 40, range_max: 80 },
      { sensor_type: 'WATER', peripheral_id: puck.id, range_min: 0, range_max: 0 },
    ]);
    await addNotifications(t.ctx, unit.userDeviceId, [
      email('SPUCK_TEMP', 'puck@example.com', { peripheral_id: puck.id }),
      email('WATER', 'puck-water@example.com', { peripheral_id: puck.id }),
      // The unit's own temperature and water notifications are not the puck's.
      email('TEMP', 'unit@example.com'),
      email('WATER', 'unit-water@example.com'),
    ]);
    await postReadings(t, unit.device, [
      [later(), { Peripherals: [{ Id: puck.serial, Temperature: 99.9, Water: 0 }] }],
    ]);
    expect(await findEvents(t.ctx, unit.userDeviceId)).toEqual([]);

    await postReadings(t, unit.device, [
      [later(), { Peripherals: [{ Id: puck.serial, Temperature: 90, Water: 1, BatteryLevel: 5 }] }],
    ]);
    const events = await findEvents(t.ctx, unit.userDeviceId);
    expect(events.map((e) => [e.alarm_type, e.peripheral_id])).toEqual([
      ['SPUCK_TEMP', puck.id],
      ['WATER', puck.id],
    ]);
    const deliveries = await findDeliveries(t.ctx, unit.userDeviceId);
    expect(deliveries.map((d) => d.address)).toEqual([
      'puck@example.com',
      'puck-water@example.com',
    ]);
    expect(deliveries[0]?.body).toContain(
      `SPuck Cellar (${puck.serial.match(/.{2}/g)?.join('-')})`,
    );
    expect(deliveries[0]?.body).toContain('Temperature 90.0°F (range 40°F to 80°F)');
  });

  it('a critical puck battery alone opens no water alarm (decision 011)', async () => {
    const unit = await createAlarmUnit(t.ctx);
    const puck = await attachPuck(t.ctx, unit.device.id);
    await addAlarmPoints(t.ctx, unit.userDeviceId, [
      { sensor_type: 'WATER', peripheral_id: puck.id, range_min: 0, range_max: 0 },
    ]);
    await postReadings(t, unit.device, [
      [later(), { Peripherals: [{ Id: puck.serial, Water: 0, BatteryLevel: 3 }] }],
    ]);
    expect(await findEvents(t.ctx, unit.userDeviceId)).toEqual([]);
  });

  it('two concurrent batches out of range open one event and deliver once', async () => {
    const unit = await createAlarmUnit(t.ctx, {
      notifications: [email('TEMP', 'race@example.com')],
    });
    const first = later();
    const second = later();
    await Promise.all([
      postReadings(t, unit.device, [[first, { Temperature: 100 }]]),
      postReadings(t, unit.device, [[second, { Temperature: 101 }]]),
    ]);
    expect(await findEvents(t.ctx, unit.userDeviceId)).toHaveLength(1);
    expect(await findDeliveries(t.ctx, unit.userDeviceId)).toHaveLength(1);
  });

  it('two processes evaluating the same stored batch at once open one event and deliver once', async () => {
    const unit = await createAlarmUnit(t.ctx, {
      notifications: [email('TEMP', 'twice@example.com'), email('TEMP', 'twice2@example.com')],
    });
    // Ingest stores a reading once; here both evaluate it as if each had.
    const stored = await storeReadings(t.ctx, unit, [[later(), 100]]);
    await Promise.all([evaluateAlarms(t.ctx, stored), evaluateAlarms(t.ctx, stored)]);
    expect(await findEvents(t.ctx, unit.userDeviceId)).toHaveLength(1);
    expect((await findDeliveries(t.ctx, unit.userDeviceId)).map((d) => d.address)).toEqual([
      'twice@example.com',
      'twice2@example.com',
    ]);
  });

  it('issue #23 finding 2: readings hours old form their spells; one that ended is told once as such, one still active in old readings is told once a recent reading shows how it ended', async () => {
    const unit = await createAlarmUnit(t.ctx, {
      notifications: [email('TEMP', 'history@example.com')],
    });
    const now = later();
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    await postReadings(t, unit.device, [
      [hoursAgo(5), { Temperature: 100 }],
      [hoursAgo(4), { Temperature: 70 }],
      [hoursAgo(3), { Temperature: 100 }],
    ]);
    let events = await findEvents(t.ctx, unit.userDeviceId);
    expect(events.map((e) => [e.is_notified, e.closed_at === null])).toEqual([
      [true, false],
      [false, true],
    ]);
    let deliveries = await findDeliveries(t.ctx, unit.userDeviceId);
    expect(deliveries.map((d) => d.kind)).toEqual(['alarm-late']);
    const { time_zone } = await t.ctx.db
      .selectFrom('user_devices')
      .select('time_zone')
      .where('id', '=', unit.userDeviceId)
      .executeTakeFirstOrThrow();
    expect(deliveries[0]?.body.split('\n')[0]).toBe(
      `Temperature was out of range from ${formatAlarmTime(hoursAgo(5), time_zone)} to ${formatAlarmTime(hoursAgo(4), time_zone)} while the unit could not report.`,
    );
    // The spell still active in old readings ends with a recent one: told once, as ended.
    await postReadings(t, unit.device, [[now, { Temperature: 70 }]]);
    events = await findEvents(t.ctx, unit.userDeviceId);
    expect(events.every((e) => e.closed_at !== null && e.is_notified)).toBe(true);
    deliveries = await findDeliveries(t.ctx, unit.userDeviceId);
    expect(deliveries.map((d) => d.kind)).toEqual(['alarm-late', 'alarm-late']);
  });

  it('a late reading in range from before an active alarm leaves it active and tells nobody again', async () => {
    const unit = await createAlarmUnit(t.ctx, {
      notifications: [email('TEMP', 'late@example.com')],
    });
    const early = later();
    const now = later(5);
    await postReadings(t, unit.device, [[now, { Temperature: 100 }]]);
    await postReadings(t, unit.device, [[early, { Temperature: 70 }]]);
    const [event] = await findEvents(t.ctx, unit.userDeviceId);
    expect(event?.closed_at).toBeNull();
    expect(await findDeliveries(t.ctx, unit.userDeviceId)).toHaveLength(1);
  });

  it("a sub-account given the unit gets no delivery or event of its own: the owner's notifications go once", async () => {
    const unit = await createAlarmUnit(t.ctx, {
      notifications: [email('TEMP', 'parent@example.com')],
    });
    const sub = await createUser(t.ctx, { parentId: unit.userId });
    const subRow = await registerUserDevice(t.ctx, {
      userId: sub.id,
      deviceId: unit.device.id,
      parentUserDeviceId: unit.userDeviceId,
    });
    await addNotifications(t.ctx, subRow, [email('TEMP', 'sub@example.com')]);
    await postReadings(t, unit.device, [[later(), { Temperature: 100 }]]);
    expect((await findDeliveries(t.ctx, unit.userDeviceId)).map((d) => d.address)).toEqual([
      'parent@example.com',
    ]);
    expect(await findEvents(t.ctx, subRow)).toEqual([]);
    expect(
      await t.ctx.db
        .selectFrom('deliveries')
        .select('address')
        .where('address', '=', 'sub@example.com')
        .execute(),
    ).toEqual([]);
  });

  it("a reading taken before the owner's visible history began (an earlier owner's, uploaded late) raises nothing and is not the point's last reading (device-management §5; decision 017)", async () => {
    const unit = await createAlarmUnit(t.ctx, {
      notifications: [email('TEMP', 'new-owner@example.com')],
    });
    const before = later();
    const registeredAt = later(10);
    await t.ctx.db
      .updateTable('user_devices')
      .set({ visible_from: registeredAt })
      .where('id', '=', unit.userDeviceId)
      .execute();
    await postReadings(t, unit.device, [[before, { Temperature: 100 }]]);
    expect(await findEvents(t.ctx, unit.userDeviceId)).toEqual([]);
    expect(await findDeliveries(t.ctx, unit.userDeviceId)).toEqual([]);
    const tempPoint = () =>
      t.ctx.db
        .selectFrom('alarm_points')
        .select(['last_read_value', 'last_read_at'])
        .where('user_device_id', '=', unit.userDeviceId)
        .where('sensor_type', '=', 'TEMP')
        .executeTakeFirstOrThrow();
    expect(await tempPoint()).toEqual({ last_read_value: null, last_read_at: null });

    const now = later();
    await postReadings(t, unit.device, [[now, { Temperature: 100 }]]);
    expect((await findEvents(t.ctx, unit.userDeviceId)).map((e) => e.alarm_type)).toEqual(['TEMP']);
    expect(await tempPoint()).toEqual({ last_read_value: 100, last_read_at: now });
  });
});
