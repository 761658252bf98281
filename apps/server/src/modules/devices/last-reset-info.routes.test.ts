import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn } from '../../../test/helpers/factories';
import { createDevice, registerUserDevice, type TestDevice } from '../../../test/helpers/devices';

const START = new Date('2026-11-22T12:00:00Z');
const HOUR = 3600_000;

describe('GET /api/reportlog/getLastResetInfo (device-management §4, §7)', () => {
  let t: TestApp;
  let token: string;
  let subToken: string;
  let strangerToken: string;
  let unit: TestDevice;
  let userDeviceId: number;
  beforeAll(async () => {
    t = await createTestApp({ start: START });
    const owner = await createUser(t.ctx);
    const sub = await createUser(t.ctx, { parentId: owner.id });
    const stranger = await createUser(t.ctx);
    token = await signIn(t.app, owner);
    subToken = await signIn(t.app, sub);
    strangerToken = await signIn(t.app, stranger);
    unit = await createDevice(t.ctx, { deviceType: 4 });
    userDeviceId = await registerUserDevice(t.ctx, {
      userId: owner.id,
      deviceId: unit.id,
      instantUpdates: 10,
      petMonitor: true,
    });
    await registerUserDevice(t.ctx, {
      userId: sub.id,
      deviceId: unit.id,
      parentUserDeviceId: userDeviceId,
      petMonitor: true,
    });
  });
  afterAll(() => t.close());

  const info = (imei: string, auth: string | null = token) =>
    injectAs(t.app, auth, 'GET', `/api/reportlog/getLastResetInfo/?imei=${imei}`);

  it('answers no request on record before any pet monitor request, on a unit with the upgrade', async () => {
    const response = await info(unit.imei);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      IMEI: unit.imei,
      LastRequestedTime: null,
      Mute: false,
      ResetDue: false,
      PetMonitor: true,
      PetMonitorActive: false,
      HoursRemaining: 0,
      NextCycleAt: null,
    });
  });

  it('after DOG answers the request time, 6 hours left and the end of the 20-minute cycle, to the owner and the sub-account (device-management §4 pet monitor)', async () => {
    const sent = await injectAs(t.app, token, 'POST', `/api/devices/${userDeviceId}/sendtext/DOG`);
    expect(sent.statusCode).toBe(200);
    t.advanceTime(30 * 60_000);
    for (const auth of [token, subToken]) {
      expect((await info(unit.imei, auth)).json()).toMatchObject({
        LastRequestedTime: START.getTime() / 1000,
        PetMonitor: true,
        PetMonitorActive: true,
        HoursRemaining: 6,
        NextCycleAt: '2026-11-22T12:40:00.000Z',
      });
    }
  });

  it('says the window is over after 360 minutes and keeps the request time (device-management §4)', async () => {
    t.advanceTime(6 * HOUR);
    expect((await info(unit.imei)).json()).toMatchObject({
      LastRequestedTime: START.getTime() / 1000,
      PetMonitorActive: false,
      HoursRemaining: 0,
      NextCycleAt: null,
    });
  });

  it('on Device OFF says a reset is due, and after resetLastRequestedTime no request is on record (device-management §4 "Mute 1 resets the last-requested time")', async () => {
    await t.ctx.db
      .updateTable('user_devices')
      .set({ mute: true })
      .where('id', '=', userDeviceId)
      .execute();
    expect((await info(unit.imei)).json()).toMatchObject({ Mute: true, ResetDue: true });
    const reset = await injectAs(t.app, token, 'PUT', '/api/users/resetLastRequestedTime', [
      unit.serial,
    ]);
    expect(reset.statusCode).toBe(200);
    expect((await info(unit.imei)).json()).toMatchObject({
      LastRequestedTime: null,
      Mute: true,
      ResetDue: false,
    });
  });

  it("refuses another user's unit (403), an unknown IMEI (404), a malformed one (400) and no session (401)", async () => {
    expect((await info(unit.imei, strangerToken)).statusCode).toBe(403);
    expect((await info('490154203237518')).statusCode).toBe(404);
    const malformed = await info('12345');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { code: 400 } });
    expect((await info(unit.imei, null)).statusCode).toBe(401);
  });
});
