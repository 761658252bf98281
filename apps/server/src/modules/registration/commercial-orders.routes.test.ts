import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn, type TestUser } from '../../../test/helpers/factories';
import { createDevice } from '../../../test/helpers/device-factories';
import { registerUserDevice } from '../../../test/helpers/devices';

describe('PUT /api/sales/updateCommercialOrder/ (accounts-devices-billing §7 "Sales")', () => {
  let t: TestApp;
  let billed: TestUser;
  let token: string;
  let serial: string;
  let othersSerial: string;
  beforeAll(async () => {
    t = await createTestApp();
    billed = await createUser(t.ctx);
    await t.ctx.db
      .updateTable('users')
      .set({ billing_type: 1, ap_contact_email: 'ap@example.com' })
      .where('id', '=', billed.id)
      .execute();
    token = await signIn(t.app, billed);
    const unit = await createDevice(t.ctx, { deviceType: 6 });
    await registerUserDevice(t.ctx, { userId: billed.id, deviceId: unit.id });
    serial = unit.serialNumber;
    const other = await createUser(t.ctx);
    const othersUnit = await createDevice(t.ctx, { deviceType: 6 });
    await registerUserDevice(t.ctx, { userId: other.id, deviceId: othersUnit.id });
    othersSerial = othersUnit.serialNumber;
  });
  afterAll(() => t.close());

  const put = (body: unknown, auth = token) =>
    injectAs(t.app, auth, 'PUT', '/api/sales/updateCommercialOrder/', body);

  it("records the registration date of a billed customer's unit, and a second call changes it (accounts-devices-billing §7)", async () => {
    const first = await put([serial, '2026-11-20', billed.id]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual([
      { SerialNumber: serial, RegistrationDate: '2026-11-20', UserId: billed.id },
    ]);
    const second = await put([[serial, '2026-11-21', billed.id]]);
    expect(second.json()).toEqual([
      { SerialNumber: serial, RegistrationDate: '2026-11-21', UserId: billed.id },
    ]);
  });

  it("refuses another user's id and another user's unit, changing nothing (accounts-devices-billing §6)", async () => {
    const otherUser = await createUser(t.ctx);
    expect((await put([serial, '2026-11-20', otherUser.id])).statusCode).toBe(403);
    expect((await put([othersSerial, '2026-11-20', billed.id])).statusCode).toBe(403);
    const rows = await t.ctx.db.selectFrom('commercial_orders').select('user_id').execute();
    expect(rows.every((r) => r.user_id === billed.id)).toBe(true);
  });

  it('refuses an unknown serial and a date after today (accounts-devices-billing §5, §7)', async () => {
    expect((await put(['ZZZ999', '2026-11-20', billed.id])).statusCode).toBe(404);
    const late = await put([serial, '2026-12-01', billed.id]);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toMatch(/^Registration date/);
  });
});
