import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn, type TestUser } from '../../../test/helpers/factories';
import {
  addDeviceReport,
  createDevice,
  createPuck,
  type TestDevice,
} from '../../../test/helpers/device-factories';
import { registerUserDevice } from '../../../test/helpers/devices';
import { addDeviceReadings } from '../../../test/helpers/readings';
import { DEMO_STAFF } from '../../platform/config/demo-accounts';

describe('device debug list and details (device-management §2, §6, §7)', () => {
  let t: TestApp;
  let staff: TestUser;
  let customer: TestUser;
  let staffToken: string;
  let customerToken: string;
  let owned: TestDevice;
  let spare: TestDevice;
  let userDeviceId: number;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await createUser(t.ctx);
    customer = await createUser(t.ctx, { email: 'barn-owner@example.com' });
    t.ctx.config.debugUserIds = [staff.id];
    staffToken = await signIn(t.app, staff);
    customerToken = await signIn(t.app, customer);
    owned = await createDevice(t.ctx, { deviceType: 4, firmwareVersion: '10.6', deviceNsp: 2 });
    spare = await createDevice(t.ctx);
    userDeviceId = await registerUserDevice(t.ctx, { userId: customer.id, deviceId: owned.id });
    // A sub-account's registration of the same unit must not show up as a second owner.
    const sub = await createUser(t.ctx, { parentId: customer.id });
    await registerUserDevice(t.ctx, {
      userId: sub.id,
      deviceId: owned.id,
      parentUserDeviceId: userDeviceId,
    });
    const puck = await createPuck(t.ctx);
    await t.ctx.db
      .updateTable('peripherals')
      .set({ device_id: owned.id })
      .where('id', '=', puck.id)
      .execute();
    for (let minute = 0; minute < 60; minute += 1)
      await addDeviceReport(t.ctx, owned.id, {
        at: new Date(Date.UTC(2026, 10, 22, 10, minute)),
        temperature: 50 + minute,
        humidity: 40,
        power: 1,
        signalStrength: 22,
      });
    const event = await t.ctx.db
      .insertInto('alarm_events')
      .values({
        user_device_id: userDeviceId,
        alarm_type: 'TEMP',
        opened_at: new Date('2026-11-22T10:59:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('deliveries')
      .values([
        {
          channel: 'email',
          address: customer.email_address,
          subject: 'ALARM: Temperature',
          body: 'Too warm',
          status: 'sent',
          attempts: 1,
          alarm_event_id: event.id,
          sent_at: new Date('2026-11-22T11:00:00Z'),
        },
        {
          channel: 'sms',
          address: '15125550100',
          subject: null,
          body: 'Too warm',
          status: 'failed',
          attempts: 3,
          last_error: 'Number unreachable',
          alarm_event_id: event.id,
        },
      ])
      .execute();
  });
  afterAll(() => t.close());

  const listUrl = (userId: number, search = '') =>
    `/api/users/getDeviceDebugList?userId=${userId}${search && `&search=${encodeURIComponent(search)}`}`;
  const detailsUrl = (userId: number, imei: string) =>
    `/api/users/getDeviceDebugDetails?userId=${userId}&imei=${imei}`;

  it('lists every unit with owner, firmware, carrier and health for a permitted user (device-management §6, §7)', async () => {
    const response = await injectAs(t.app, staffToken, 'GET', listUrl(staff.id));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.Total).toBe(2);
    expect(body.Devices.map((d: { DeviceId: string }) => d.DeviceId).sort()).toEqual(
      [owned.imei, spare.imei].sort(),
    );
    const unit = body.Devices.find((d: { DeviceId: string }) => d.DeviceId === owned.imei);
    expect(unit).toMatchObject({
      SerialNumber: owned.serialNumber,
      OwnerEmail: 'barn-owner@example.com',
      OwnerUserId: customer.id,
      UserDeviceId: userDeviceId,
      DeviceType: 4,
      FirmwareVersion: '10.6',
      DeviceNSP: 2,
      Active: true,
      LastReportTime: '2026-11-22T10:59:00.000Z',
      PeripheralCount: 1,
      OpenAlarms: 1,
    });
    const inventory = body.Devices.find((d: { DeviceId: string }) => d.DeviceId === spare.imei);
    expect(inventory).toMatchObject({ OwnerEmail: null, Active: null, PeripheralCount: 0 });
  });

  it('narrows the list by part of an IMEI, serial or owner e-mail, any case (device-management §7)', async () => {
    for (const search of [
      owned.imei.slice(3, 10),
      owned.serialNumber.toLowerCase(),
      'BARN-OWNER',
    ]) {
      const body = (await injectAs(t.app, staffToken, 'GET', listUrl(staff.id, search))).json();
      expect(body.Devices.map((d: { DeviceId: string }) => d.DeviceId)).toEqual([owned.imei]);
    }
    const none = (await injectAs(t.app, staffToken, 'GET', listUrl(staff.id, '%'))).json();
    expect(none).toEqual({ Devices: [], Total: 0 });
  });

  it('refuses the list to a user who is not permitted, in the error shape (device-management §6)', async () => {
    const response = await injectAs(t.app, customerToken, 'GET', listUrl(customer.id));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 403, message: 'The device debug pages are limited to support staff.' },
    });
  });

  it("refuses a permitted user's id sent by someone else, and a signed-out caller (device-management §6)", async () => {
    expect((await injectAs(t.app, customerToken, 'GET', listUrl(staff.id))).statusCode).toBe(403);
    expect(
      (await injectAs(t.app, customerToken, 'GET', detailsUrl(staff.id, owned.imei))).statusCode,
    ).toBe(403);
    expect((await injectAs(t.app, null, 'GET', listUrl(staff.id))).statusCode).toBe(401);
  });

  it('refuses a permitted user asking under another user id (device-management §6)', async () => {
    const response = await injectAs(t.app, staffToken, 'GET', listUrl(customer.id));
    expect(response.statusCode).toBe(403);
  });

  it('answers 400 in the error shape for a bad user id, IMEI or overlong search (device-management §7)', async () => {
    for (const url of [
      '/api/users/getDeviceDebugList?userId=abc',
      '/api/users/getDeviceDebugList',
      listUrl(staff.id, 'x'.repeat(101)),
      detailsUrl(staff.id, '12345'),
      `/api/users/getDeviceDebugDetails?userId=${staff.id}`,
    ]) {
      const response = await injectAs(t.app, staffToken, 'GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toMatchObject({ code: 400, message: expect.any(String) });
    }
  });

  it("gives a unit's facts, its latest 50 reports with raw values and its alarm deliveries (device-management §2, §7)", async () => {
    const response = await injectAs(t.app, staffToken, 'GET', detailsUrl(staff.id, owned.imei));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.Device).toMatchObject({
      DeviceId: owned.imei,
      OwnerEmail: 'barn-owner@example.com',
    });
    expect(body.Reports).toHaveLength(50);
    expect(body.Reports[0]).toMatchObject({
      ReportTimestamp: '2026-11-22T10:59:00.000Z',
      Temperature: 109,
      Humidity: 40,
      Power: 1,
      SignalStrength: 22,
      Water: null,
    });
    expect(body.Reports[49].ReportTimestamp).toBe('2026-11-22T10:10:00.000Z');
    expect(
      body.Deliveries.map((d: { Channel: string; Status: string; LastError: string | null }) => [
        d.Channel,
        d.Status,
        d.LastError,
      ]).sort(),
    ).toEqual([
      ['email', 'sent', null],
      ['sms', 'failed', 'Number unreachable'],
    ]);
    expect(body.Deliveries[0].AlarmType).toBe('TEMP');
  });

  it('answers 404 for an IMEI no unit has (device-management §7)', async () => {
    const response = await injectAs(t.app, staffToken, 'GET', detailsUrl(staff.id, '0'.repeat(15)));
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe(404);
  });

  it('refuses the details to a user who is not permitted (device-management §6)', async () => {
    const response = await injectAs(
      t.app,
      customerToken,
      'GET',
      detailsUrl(customer.id, owned.imei),
    );
    expect(response.statusCode).toBe(403);
  });

  it("reads a unit's latest reports across the month of its last report and the months before (decision 077)", async () => {
    const unit = await createDevice(t.ctx);
    // 3 readings in November, the month of its last report, 60 in the last hour of October.
    const november = new Date('2026-11-01T00:00:00Z');
    await addDeviceReadings(t.ctx, unit.id, { from: november, count: 3, stepMinutes: 1 });
    const october = new Date('2026-10-31T23:00:00Z');
    await addDeviceReadings(t.ctx, unit.id, { from: october, count: 60, stepMinutes: 1 });
    const setLastReport = (at: string) =>
      t.ctx.db
        .updateTable('devices')
        .set({ last_report_at: new Date(at) })
        .where('id', '=', unit.id)
        .execute();
    const newest = '2026-11-01T00:02:00.000Z';
    await setLastReport(newest);
    const details = (
      await injectAs(t.app, staffToken, 'GET', detailsUrl(staff.id, unit.imei))
    ).json<{ Device: { LastReportTime: string }; Reports: { ReportTimestamp: string }[] }>();
    const minute = (from: Date, i: number) => new Date(from.getTime() + i * 60_000).toISOString();
    expect(details.Reports.map((r) => r.ReportTimestamp)).toEqual([
      ...[2, 1, 0].map((i) => minute(november, i)),
      ...Array.from({ length: 47 }, (_, i) => minute(october, 59 - i)),
    ]);
    expect(details.Device.LastReportTime).toBe(newest);
    // A last report time in a month none of its readings is in still finds the newest.
    await setLastReport('2026-12-03T00:00:00Z');
    const listed = (await injectAs(t.app, staffToken, 'GET', listUrl(staff.id, unit.imei))).json<{
      Devices: { LastReportTime: string }[];
    }>();
    expect(listed.Devices.map((d) => d.LastReportTime)).toEqual([newest]);
  });
});

describe('who may debug without DEBUG_USER_IDS (device-management §6)', () => {
  it('permits the demo staff user when the demo is seeded, and nobody when it is not', async () => {
    const t = await createTestApp({ config: { debugUserIds: undefined, seedDemo: true } });
    try {
      const staff = await createUser(t.ctx, { email: DEMO_STAFF.email });
      const token = await signIn(t.app, staff);
      const url = `/api/users/getDeviceDebugList?userId=${staff.id}`;
      expect((await injectAs(t.app, token, 'GET', url)).statusCode).toBe(200);
      t.ctx.config.seedDemo = false;
      expect((await injectAs(t.app, token, 'GET', url)).statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});
