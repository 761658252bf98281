import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn } from '../../../test/helpers/factories';
import { createDevice } from '../../../test/helpers/device-factories';
import { registerUserDevice } from '../../../test/helpers/devices';

const URL = '/api/paymentprocessing/getOldProfileSubscriptions';

describe('GET /api/paymentprocessing/getOldProfileSubscriptions (accounts-devices-billing §4)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function customerWith(isLegacyProfile: boolean, status: 'Active' | 'Cancelled' = 'Active') {
    const user = await createUser(t.ctx);
    const unit = await createDevice(t.ctx, { deviceType: 1 });
    const userDeviceId = await registerUserDevice(t.ctx, { userId: user.id, deviceId: unit.id });
    await t.ctx.db
      .updateTable('user_devices')
      .set({ name: 'Boathouse' })
      .where('id', '=', userDeviceId)
      .execute();
    const row = await t.ctx.db
      .insertInto('subscriptions')
      .values({
        user_id: user.id,
        user_device_id: userDeviceId,
        plan_type: 'Annual',
        billing_amount_cents: 825,
        billing_frequency: 12,
        payment_kind: 'card',
        status,
        is_legacy_profile: isLegacyProfile,
        start_date: '2026-02-01',
        next_billing_date: '2027-02-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { user, token: await signIn(t.app, user), subscriptionId: row.id, userDeviceId, unit };
  }

  it('lists the old payment-profile subscription in force with its unit (accounts-devices-billing §4)', async () => {
    const legacy = await customerWith(true);
    const answer = await injectAs(t.app, legacy.token, 'GET', `${URL}?userId=${legacy.user.id}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual([
      expect.objectContaining({
        UserDeviceId: legacy.userDeviceId,
        DeviceName: 'Boathouse',
        SerialNumber: legacy.unit.serialNumber,
        Subscription: expect.objectContaining({ Id: legacy.subscriptionId, Active: true }),
      }),
    ]);
  });

  it('lists nothing for a card-provider subscription or a cancelled old profile (accounts-devices-billing §4)', async () => {
    for (const customer of [await customerWith(false), await customerWith(true, 'Cancelled')]) {
      const answer = await injectAs(
        t.app,
        customer.token,
        'GET',
        `${URL}?userId=${customer.user.id}`,
      );
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual([]);
    }
  });

  it("refuses another user's id (403) and a caller without a session (401) (accounts-devices-billing §6)", async () => {
    const legacy = await customerWith(true);
    const other = await createUser(t.ctx);
    const otherToken = await signIn(t.app, other);
    const peek = await injectAs(t.app, otherToken, 'GET', `${URL}?userId=${legacy.user.id}`);
    expect(peek.statusCode).toBe(403);
    expect(peek.body).not.toContain(legacy.unit.serialNumber);
    expect((await injectAs(t.app, null, 'GET', `${URL}?userId=${legacy.user.id}`)).statusCode).toBe(
      401,
    );
    expect((await injectAs(t.app, legacy.token, 'GET', `${URL}?userId=abc`)).statusCode).toBe(400);
  });
});
