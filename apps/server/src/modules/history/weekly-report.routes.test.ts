import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn, type TestUser } from '../../../test/helpers/factories';
import { createDevice, registerUserDevice } from '../../../test/helpers/devices';

describe('the weekly report opt-in, GET and PUT /api/reportschedule/devices/{deviceId} (issue #12 scheduled reports)', () => {
  let t: TestApp;
  let owner: TestUser;
  let token: string;
  let ownerRow: number;
  let subToken: string;
  let subRow: number;
  let strangerToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx);
    token = await signIn(t.app, owner);
    const unit = await createDevice(t.ctx);
    ownerRow = await registerUserDevice(t.ctx, { userId: owner.id, deviceId: unit.id });
    const sub = await createUser(t.ctx, { parentId: owner.id });
    subToken = await signIn(t.app, sub);
    subRow = await registerUserDevice(t.ctx, {
      userId: sub.id,
      deviceId: unit.id,
      parentUserDeviceId: ownerRow,
    });
    strangerToken = await signIn(t.app, await createUser(t.ctx));
  });
  afterAll(() => t.close());

  const url = (id: number) => `/api/reportschedule/devices/${id}`;

  it('is off until the owner turns it on, and stays as the owner set it', async () => {
    expect((await injectAs(t.app, token, 'GET', url(ownerRow))).json()).toEqual({
      WeeklyReport: false,
    });
    const on = await injectAs(t.app, token, 'PUT', url(ownerRow), { WeeklyReport: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ WeeklyReport: true });
    expect((await injectAs(t.app, token, 'GET', url(ownerRow))).json()).toEqual({
      WeeklyReport: true,
    });
    const row = await t.ctx.db
      .selectFrom('user_devices')
      .select('weekly_report')
      .where('id', '=', ownerRow)
      .executeTakeFirstOrThrow();
    expect(row.weekly_report).toBe(true);
  });

  it('reads false for a sub-account, who never gets the report, and refuses its change (device-management §6)', async () => {
    expect((await injectAs(t.app, subToken, 'GET', url(subRow))).json()).toEqual({
      WeeklyReport: false,
    });
    const change = await injectAs(t.app, subToken, 'PUT', url(subRow), { WeeklyReport: true });
    expect(change.statusCode).toBe(403);
    const row = await t.ctx.db
      .selectFrom('user_devices')
      .select('weekly_report')
      .where('id', '=', subRow)
      .executeTakeFirstOrThrow();
    expect(row.weekly_report).toBe(false);
  });

  it("refuses another user's device and a body that is not a yes or no", async () => {
    expect((await injectAs(t.app, strangerToken, 'GET', url(ownerRow))).statusCode).toBe(403);
    expect(
      (await injectAs(t.app, strangerToken, 'PUT', url(ownerRow), { WeeklyReport: false }))
        .statusCode,
    ).toBe(403);
    const bad = await injectAs(t.app, token, 'PUT', url(ownerRow), { WeeklyReport: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/WeeklyReport/);
  });
});
