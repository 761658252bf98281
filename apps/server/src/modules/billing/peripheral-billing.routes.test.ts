import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createDueSubscription } from '../../../test/helpers/billing-fixtures';
import { attachPuck, registerUserDevice } from '../../../test/helpers/devices';
import { createUser, injectAs, signIn } from '../../../test/helpers/factories';
import { PUCK_MONTHLY_CENTS, PUCK_UPFRONT_CENTS } from './peripheral-billing.service';

describe('peripheral (SPuck) billing calls (store-and-public-site §7 Payment, decision 036)', () => {
  let t: TestApp;
  let token: string;
  let subscribed: Awaited<ReturnType<typeof createDueSubscription>>;
  let deviceId: number;

  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-02T17:00:00Z') });
    const owner = await createUser(t.ctx);
    token = await signIn(t.app, owner);
    subscribed = await createDueSubscription(t.ctx, {
      userId: owner.id,
      nextBillingDate: '2026-12-01',
    });
    const row = await t.ctx.db
      .selectFrom('user_devices')
      .select('device_id')
      .where('id', '=', subscribed.userDeviceId)
      .executeTakeFirstOrThrow();
    deviceId = row.device_id;
  });
  afterAll(() => t.close());

  const upfront = (body: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/paymentprocessing/submitPeripheralUpfrontCharge/',
      headers: { authorization: `Bearer ${token}`, ...(key && { 'idempotency-key': key }) },
      payload: { UserDeviceId: subscribed.userDeviceId, ...body },
    });

  it('recalculates the monthly amount from the plan and the pucks, the same however often it is called (store-and-public-site §7)', async () => {
    await attachPuck(t.ctx, deviceId);
    await attachPuck(t.ctx, deviceId);
    for (const [method, url] of [
      ['PUT', '/api/paymentprocessing/updatePeripheralRecurringPayment/'],
      ['POST', '/api/paymentprocessing/recalculateRecurringPayment/'],
      ['POST', '/api/subscriptions/recalculateRecurringPayment/'],
    ] as const) {
      const response = await injectAs(t.app, token, method, url, {
        UserDeviceId: subscribed.userDeviceId,
        IMEI: '000000000000000',
        DeviceType: 4,
        CustomerId: null,
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toMatchObject({
        PuckCount: 2,
        RecurringMonthlyAmount: (2475 + 2 * PUCK_MONTHLY_CENTS) / 100,
        PlanMonthlyAmount: 24.75,
      });
    }
  });

  it('shows the subscription as its pucks bill it, to the owner only', async () => {
    const url = `/api/paymentprocessing/getPeripheralSubscriptionDetails/?userDeviceId=${subscribed.userDeviceId}&deviceId=${deviceId}`;
    const response = await injectAs(t.app, token, 'GET', url);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      SubscriptionId: subscribed.subscriptionId,
      PuckCount: 2,
      PuckMonthlyAmount: PUCK_MONTHLY_CENTS / 100,
      NextBillingDate: '2026-12-01',
    });
    const stranger = await createUser(t.ctx);
    const other = await injectAs(t.app, await signIn(t.app, stranger), 'GET', url);
    expect(other.statusCode).toBe(403);
  });

  it('a sub-account given the unit may not charge or change its billing', async () => {
    const owner = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', subscribed.userId)
      .executeTakeFirstOrThrow();
    const sub = await createUser(t.ctx, { parentId: owner.id });
    const subRow = await registerUserDevice(t.ctx, {
      userId: sub.id,
      deviceId,
      parentUserDeviceId: subscribed.userDeviceId,
    });
    const response = await injectAs(
      t.app,
      await signIn(t.app, sub),
      'PUT',
      '/api/paymentprocessing/updatePeripheralRecurringPayment/',
      { UserDeviceId: subRow },
    );
    expect(response.statusCode).toBe(403);
  });

  it('charges pucks up front once per Idempotency-Key, by nonce or the card on file', async () => {
    const first = await upfront(
      { Quantity: 2, PaymentNonce: 'fake-valid-visa-nonce' },
      'key-0001-abcdef',
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      Amount: (2 * PUCK_UPFRONT_CENTS) / 100,
      Status: 'succeeded',
    });
    const again = await upfront(
      { Quantity: 2, PaymentNonce: 'fake-valid-visa-nonce' },
      'key-0001-abcdef',
    );
    expect(again.json()).toEqual(first.json());
    const onFile = await upfront({ Quantity: 1 }, 'key-0002-abcdef');
    expect(onFile.statusCode).toBe(200);
    const charges = await t.ctx.db
      .selectFrom('charges')
      .select(['kind', 'amount_cents', 'status'])
      .where('user_id', '=', subscribed.userId)
      .where('kind', '=', 'upfront')
      .orderBy('id')
      .execute();
    expect(charges).toEqual([
      { kind: 'upfront', amount_cents: 2 * PUCK_UPFRONT_CENTS, status: 'succeeded' },
      { kind: 'upfront', amount_cents: PUCK_UPFRONT_CENTS, status: 'succeeded' },
    ]);
  });

  it('a declined card answers 400 with the processor errors for the payment error filter (store-and-public-site §8)', async () => {
    const response = await upfront(
      { Quantity: 1, PaymentNonce: 'fake-processor-declined-visa-nonce' },
      'key-0003-abcdef',
    );
    expect(response.statusCode).toBe(400);
    expect(
      response.json<{ error: { processorErrors: unknown[] } }>().error.processorErrors,
    ).not.toEqual([]);
  });

  it('refuses a submit without an Idempotency-Key, naming it', async () => {
    const response = await upfront({ Quantity: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toContain(
      'Idempotency-Key',
    );
  });
});
