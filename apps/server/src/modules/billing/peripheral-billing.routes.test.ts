import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createDueSubscription } from '../../../test/helpers/billing-fixtures';
import { attachPuck, deviceAuth, registerUserDevice } from '../../../test/helpers/devices';
import { createPuck } from '../../../test/helpers/device-factories';
import { vaultedCardFor } from '../../../test/helpers/payments';
import { runBilling } from './billing-run.service';
import { createUser, injectAs, signIn } from '../../../test/helpers/factories';
import { PUCK_MONTHLY_CENTS, PUCK_UPFRONT_CENTS } from '@monitor/domain/billing/puck-charges';

/** Attaches a new puck through the call the wizard makes (device-management §4 "Add puck flow"). */
async function attachThroughWizard(t: TestApp, token: string, userDeviceId: number) {
  const puck = await createPuck(t.ctx);
  const response = await injectAs(t.app, token, 'POST', '/api/peripherals', {
    DeviceId: userDeviceId,
    SerialNumber: puck.serial,
    Name: 'Cellar',
    Location: `Spot ${puck.serial}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return puck;
}

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

  const attachByCall = () => attachThroughWizard(t, token, subscribed.userDeviceId);

  it('charges pucks up front once per Idempotency-Key, by nonce or the card on file', async () => {
    await attachByCall();
    await attachByCall();
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
    await attachByCall();
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
    await attachByCall();
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

describe('issue #22 finding 4: a puck on a card-billed unit is paid before it is billed or heard from (device-management §4 "Add puck flow")', () => {
  let t: TestApp;
  let token: string;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let unit: Awaited<ReturnType<typeof createDueSubscription>>;

  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-02T17:00:00Z') });
    owner = await createUser(t.ctx);
    token = await signIn(t.app, owner);
    unit = await createDueSubscription(t.ctx, { userId: owner.id, nextBillingDate: '2026-12-01' });
  });
  afterAll(() => t.close());

  const subscription = () =>
    t.ctx.db
      .selectFrom('subscriptions')
      .select(['billing_amount_cents', 'puck_monthly_cents'])
      .where('id', '=', unit.subscriptionId)
      .executeTakeFirstOrThrow();
  const upfrontCharges = () =>
    t.ctx.db
      .selectFrom('charges')
      .select(['amount_cents', 'status'])
      .where('subscription_id', '=', unit.subscriptionId)
      .where('kind', '=', 'upfront')
      .orderBy('id')
      .execute();
  const attach = (userDeviceId = unit.userDeviceId) => attachThroughWizard(t, token, userDeviceId);
  const pay = (quantity: number, key: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/paymentprocessing/submitPeripheralUpfrontCharge/',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      payload: { UserDeviceId: unit.userDeviceId, Quantity: quantity },
    });
  const puckReport = (serial: string, minute: number) =>
    t.app.inject({
      method: 'POST',
      url: '/device-api/v1/reports',
      headers: deviceAuth(unit.device),
      payload: {
        Reports: [
          {
            ReportTimestamp: new Date(t.ctx.now().getTime() - minute * 60_000).toISOString(),
            Temperature: 68,
            Humidity: 40,
            Power: 1,
            SignalStrength: 20,
            Peripherals: [{ Id: serial, Temperature: 36, BatteryLevel: 180 }],
          },
        ],
      },
    });
  const puckReadings = async (puckId: number) =>
    (
      await t.ctx.db
        .selectFrom('peripheral_reports')
        .select('report_timestamp')
        .where('peripheral_id', '=', puckId)
        .execute()
    ).length;

  it('refuses an upfront charge on a unit with no puck waiting (the 17-puck charge), charging nothing', async () => {
    const response = await pay(17, 'finding4-none-waiting');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 409, message: 'No SPuck on this device is waiting for payment.' },
    });
    expect(await upfrontCharges()).toEqual([]);
  });

  it('attaching a puck adds nothing to the monthly amount, and its readings are not taken, until it is paid', async () => {
    const puck = await attach();
    expect(await subscription()).toEqual({ billing_amount_cents: 2475, puck_monthly_cents: 0 });
    const unpaidReport = await puckReport(puck.serial, 5);
    expect(unpaidReport.statusCode, unpaidReport.body).toBe(200);
    expect(await puckReadings(puck.id)).toBe(0);

    const wrongQuantity = await pay(3, 'finding4-wrong-quantity');
    expect(wrongQuantity.statusCode).toBe(400);
    expect(wrongQuantity.json<{ error: { message: string } }>().error.message).toBe(
      'Quantity: 1 SPuck is waiting for payment on this device.',
    );

    const paid = await pay(1, 'finding4-pay-one');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ Amount: PUCK_UPFRONT_CENTS / 100, Status: 'succeeded' });
    expect(await subscription()).toEqual({
      billing_amount_cents: 2475 + PUCK_MONTHLY_CENTS,
      puck_monthly_cents: PUCK_MONTHLY_CENTS,
    });
    expect((await puckReport(puck.serial, 4)).statusCode).toBe(200);
    expect(await puckReadings(puck.id)).toBe(1);
    const audit = await t.ctx.db
      .selectFrom('audit_events')
      .select(['action', 'user_id'])
      .where('user_id', '=', unit.userId)
      .execute();
    expect(audit).toContainEqual({ action: 'entitlement.pucks', user_id: unit.userId });
  });

  it('a declined upfront charge leaves the puck unpaid and the amount as it was', async () => {
    await t.ctx.db
      .updateTable('subscriptions')
      .set({ payment_method_token: null })
      .where('id', '=', unit.subscriptionId)
      .execute();
    const before = await subscription();
    await attach();
    const declined = await t.app.inject({
      method: 'POST',
      url: '/api/paymentprocessing/submitPeripheralUpfrontCharge/',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'finding4-declined' },
      payload: {
        UserDeviceId: unit.userDeviceId,
        Quantity: 1,
        PaymentNonce: 'fake-processor-declined-visa-nonce',
      },
    });
    expect(declined.statusCode).toBe(400);
    expect(await subscription()).toEqual(before);
  });

  it('removing a paid puck lowers the monthly amount, and the billing run charges the plan and the paid pucks', async () => {
    const details = await injectAs(
      t.app,
      token,
      'GET',
      `/api/paymentprocessing/getPeripheralSubscriptionDetails/?userDeviceId=${unit.userDeviceId}`,
    );
    expect(details.json()).toMatchObject({ PuckCount: 2, PucksAwaitingPayment: 1 });
    const paidPuck = await t.ctx.db
      .selectFrom('peripherals')
      .select('serial')
      .where('device_id', '=', unit.device.id)
      .where('awaiting_payment', '=', false)
      .executeTakeFirstOrThrow();
    const extra = await attachPuck(t.ctx, unit.device.id);
    await injectAs(
      t.app,
      token,
      'PUT',
      '/api/paymentprocessing/updatePeripheralRecurringPayment/',
      {
        UserDeviceId: unit.userDeviceId,
      },
    );
    expect((await subscription()).puck_monthly_cents).toBe(2 * PUCK_MONTHLY_CENTS);

    const removed = await injectAs(
      t.app,
      token,
      'DELETE',
      `/api/devices/${unit.userDeviceId}/peripherals/${extra.serial}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await subscription()).toEqual({
      billing_amount_cents: 2475 + PUCK_MONTHLY_CENTS,
      puck_monthly_cents: PUCK_MONTHLY_CENTS,
    });
    expect(paidPuck.serial).not.toBe(extra.serial);

    t.advanceTime(Date.parse('2026-12-01T17:00:00Z') - t.ctx.now().getTime());
    await t.ctx.db
      .updateTable('subscriptions')
      .set({ payment_method_token: (await vaultedCardFor(t.ctx)).token })
      .where('id', '=', unit.subscriptionId)
      .execute();
    await runBilling(t.ctx);
    const charge = await t.ctx.db
      .selectFrom('charges')
      .select(['subtotal_cents', 'status'])
      .where('subscription_id', '=', unit.subscriptionId)
      .where('kind', '=', 'subscription')
      .executeTakeFirstOrThrow();
    expect(charge).toEqual({ subtotal_cents: 2475 + PUCK_MONTHLY_CENTS, status: 'succeeded' });
  });

  it('on an invoiced unit the puck goes on the next invoice at once, with no upfront charge', async () => {
    token = await signIn(t.app, owner); // the clock has moved on past the session
    const billed = await createDueSubscription(t.ctx, {
      userId: unit.userId,
      nextBillingDate: '2027-01-01',
      paymentKind: 'invoice',
    });
    await attach(billed.userDeviceId);
    const row = await t.ctx.db
      .selectFrom('subscriptions')
      .select(['billing_amount_cents', 'puck_monthly_cents'])
      .where('id', '=', billed.subscriptionId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      billing_amount_cents: 2475 + PUCK_MONTHLY_CENTS,
      puck_monthly_cents: PUCK_MONTHLY_CENTS,
    });
  });
});
