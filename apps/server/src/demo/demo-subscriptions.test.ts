import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { createDevice, registerUserDevice } from '../../test/helpers/devices';
import { DEMO_CUSTOMER } from '../platform/config/demo-accounts';
import { seedDemo } from './seed';

const silent = { info: () => undefined };

describe('demo subscriptions (issue #13)', () => {
  let t: TestApp;
  let userId: number;
  const subscriptions = () =>
    t.ctx.db
      .selectFrom('subscriptions')
      .select(['user_device_id', 'plan_type', 'card_last4', 'status'])
      .where('user_id', '=', userId)
      .execute();

  beforeAll(async () => {
    t = await createTestApp({ config: { dataDir: mkdtempSync(join(tmpdir(), 'demo-subs-')) } });
    await seedDemo(t.ctx, silent);
    userId = (
      await t.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email_address', '=', DEMO_CUSTOMER.email)
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  it('gives the demo fleet’s card-paid Lake House a Monthly subscription and the test types none (accounts-devices-billing §4)', async () => {
    const lakeHouse = await t.ctx.db
      .selectFrom('user_devices')
      .select('id')
      .where('user_id', '=', userId)
      .where('name', '=', 'Lake House')
      .executeTakeFirstOrThrow();
    expect(await subscriptions()).toEqual([
      { user_device_id: lakeHouse.id, plan_type: 'Monthly', card_last4: '1111', status: 'Active' },
    ]);
  });

  it('subscribes a demo unit that pays by card with the test nonce, once however often it starts', async () => {
    const device = await createDevice(t.ctx, { deviceType: 1 });
    const userDeviceId = await registerUserDevice(t.ctx, { userId, deviceId: device.id });
    await seedDemo(t.ctx, silent);
    await seedDemo(t.ctx, silent);
    expect(await subscriptions()).toContainEqual({
      user_device_id: userDeviceId,
      plan_type: 'Monthly',
      card_last4: '1111',
      status: 'Active',
    });
    expect(await subscriptions()).toHaveLength(2);
  });
});
