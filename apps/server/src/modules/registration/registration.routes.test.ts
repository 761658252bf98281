import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { bearer, createUser, signIn, type TestUser } from '../../../test/helpers/factories';
import { createDevice } from '../../../test/helpers/device-factories';

describe('POST /api/users/{userId}/devices/registration (accounts-devices-billing §4, §5, §7)', () => {
  let t: TestApp;
  let owner: TestUser;
  let token: string;
  let otherToken: string;
  let planId: number;
  let keySeq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx);
    token = await signIn(t.app, owner);
    otherToken = await signIn(t.app, await createUser(t.ctx));
    const option = await t.ctx.db
      .insertInto('subscription_options')
      .values({
        tenant_id: 2,
        plan_type: 'Annual',
        billing_amount_cents: 825,
        billing_frequency: 12,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    planId = option.id;
  });
  afterAll(() => t.close());

  const post = (
    body: Record<string, unknown>,
    { auth = token, userId = owner.id, key = `route-key-${(keySeq += 1)}` } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/users/${userId}/devices/registration`,
      headers: { ...bearer(auth), ...(key && { 'idempotency-key': key }) },
      payload: body,
    });
  const basics = (serial: string) => ({
    SerialNumber: serial,
    Name: 'Greenhouse',
    TimeZone: -6,
    TermsAccepted: true,
  });

  it('registers a test device without payment and with the default e-mail notifications (accounts-devices-billing §4)', async () => {
    const device = await createDevice(t.ctx, { deviceType: 5, deviceNsp: 3 });
    const response = await post(basics(device.serialNumber));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.Subscription).toBeNull();
    expect(body.UserDevice).toMatchObject({ RegistrationComplete: true, TimeZone: -6 });
    const notes = await t.ctx.db
      .selectFrom('notifications')
      .select(['alarm_type', 'message_type', 'message_address'])
      .where('user_device_id', '=', body.UserDevice.Id)
      .orderBy('id')
      .execute();
    expect(notes.map((n) => [n.alarm_type, n.message_type, n.message_address])).toEqual(
      ['TEMP', 'HUMIDITY', 'POWER', 'NOCALL'].map((type) => [type, 'EMAIL', owner.email_address]),
    );
  });

  it('saves °C ranges in °F, the enable switches and the notifications given (accounts-devices-billing §4, §5)', async () => {
    const device = await createDevice(t.ctx, { deviceType: 5 });
    const response = await post({
      ...basics(device.serialNumber),
      TempPref: 'C',
      TempMin: 0,
      TempMax: 30,
      HumidityMin: 20,
      HumidityMax: 60,
      HumidityEnabled: false,
      Notifications: [{ AlarmType: 'POWER', MessageType: 'SMS', MessageAddress: '15551234567' }],
    });
    expect(response.statusCode).toBe(200);
    const device_ = response.json().UserDevice;
    const points = Object.fromEntries(
      device_.AlarmPoints.map(
        (a: {
          DeviceSensor: { SensorType: string };
          RangeMin: number;
          RangeMax: number;
          Enabled: boolean;
        }) => [a.DeviceSensor.SensorType, [a.RangeMin, a.RangeMax, a.Enabled]],
      ),
    );
    expect(points).toEqual({ TEMP: [32, 86, true], HUMIDITY: [20, 60, false] });
    expect(device_.HumidityActive).toBe(false);
    const notes = await t.ctx.db
      .selectFrom('notifications')
      .select(['alarm_type', 'message', 'message_address'])
      .where('user_device_id', '=', device_.Id)
      .execute();
    expect(notes).toEqual([
      {
        alarm_type: 'POWER',
        message: 'URGENT: Power is currently OFF. Please take action!',
        message_address: '15551234567',
      },
    ]);
  });

  it('gives a billed customer’s type 6 device an invoice subscription without a card (accounts-devices-billing §4, §5)', async () => {
    const billed = await createUser(t.ctx);
    await t.ctx.db
      .updateTable('users')
      .set({ billing_type: 1, ap_contact_email: 'ap@example.com' })
      .where('id', '=', billed.id)
      .execute();
    const device = await createDevice(t.ctx, { deviceType: 6, deviceNsp: 2 });
    const response = await post(
      {
        ...basics(device.serialNumber),
        Subscription: { billingPlan: { Id: planId, PlanType: 'Annual' } },
      },
      { auth: await signIn(t.app, billed), userId: billed.id },
    );
    expect(response.statusCode).toBe(200);
    const { Subscription, UserDevice } = response.json();
    expect(Subscription).toMatchObject({ CustomerId: null, PaymentMethodToken: null });
    const row = await t.ctx.db
      .selectFrom('subscriptions')
      .select(['payment_kind', 'status', 'user_device_id', 'billing_amount_cents'])
      .where('id', '=', Subscription.Id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      payment_kind: 'invoice',
      status: 'Active',
      user_device_id: UserDevice.Id,
      billing_amount_cents: 825,
    });
    const modem = await t.ctx.db
      .selectFrom('devices')
      .select('modem_activated')
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(modem.modem_activated).toBe(true);
  });

  it('refuses a type 6 device to a regular customer before saving anything (accounts-devices-billing §5)', async () => {
    const device = await createDevice(t.ctx, { deviceType: 6 });
    const response = await post({
      ...basics(device.serialNumber),
      Subscription: { billingPlan: { Id: planId, PlanType: 'Annual' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/can only be added to an invoiced account/);
    const rows = await t.ctx.db
      .selectFrom('user_devices')
      .select('id')
      .where('device_id', '=', device.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses a registration whose legal terms are not agreed (accounts-devices-billing §5)', async () => {
    const device = await createDevice(t.ctx);
    const response = await post({ ...basics(device.serialNumber), TermsAccepted: false });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/TermsAccepted.*legal terms/);
  });

  it('refuses a card number in the body: only nonces reach the API (issue #13)', async () => {
    const device = await createDevice(t.ctx, { deviceType: 1 });
    const response = await post({
      ...basics(device.serialNumber),
      Subscription: {
        billingPlan: { Id: planId, PlanType: 'Annual' },
        PaymentNonce: 'fake-valid-nonce',
        CreditCardNumber: '4111111111111111',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('4111111111111111');
  });

  it('registers a card-payment device paying with a nonce: the first year charged on the local processor (accounts-devices-billing §4)', async () => {
    const device = await createDevice(t.ctx, { deviceType: 1 });
    const response = await post({
      ...basics(device.serialNumber),
      Subscription: {
        billingPlan: { Id: planId, PlanType: 'Annual' },
        PaymentNonce: 'fake-valid-nonce',
        FirstName: 'Olive',
        LastName: 'Owner',
        Zip: '62702',
      },
    });
    expect(response.statusCode).toBe(200);
    const { Subscription } = response.json();
    expect(Subscription.PaymentMethodToken).toEqual(expect.any(String));
    const sale = await t.ctx.db
      .selectFrom('local_processor_transactions')
      .select(['amount_cents', 'payment_method_token'])
      .where('order_id', '=', `subscription:${Subscription.Id}:2026-11-22:1`)
      .executeTakeFirstOrThrow();
    expect(sale).toEqual({
      amount_cents: 9900,
      payment_method_token: Subscription.PaymentMethodToken,
    });
  });

  it('answers a declined card with the refusal and its processor errors, registering nothing (accounts-devices-billing §4, §8)', async () => {
    const device = await createDevice(t.ctx, { deviceType: 1 });
    const response = await post({
      ...basics(device.serialNumber),
      Subscription: {
        billingPlan: { Id: planId, PlanType: 'Annual' },
        PaymentNonce: 'fake-processor-declined-visa-nonce',
      },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.message).toBe(
      'An error occurred creating subscription with payment vendor. Please contact customer support.',
    );
    expect(error.processorErrors.length).toBeGreaterThan(0);
    const rows = await t.ctx.db
      .selectFrom('user_devices')
      .select('id')
      .where('device_id', '=', device.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('needs a plan and a card for a card-payment device (accounts-devices-billing §4)', async () => {
    const device = await createDevice(t.ctx, { deviceType: 1 });
    const withoutPlan = await post(basics(device.serialNumber));
    expect(withoutPlan.statusCode).toBe(400);
    expect(withoutPlan.json().error.message).toMatch(/^Subscription/);
    const withoutCard = await post({
      ...basics(device.serialNumber),
      Subscription: { billingPlan: { Id: planId, PlanType: 'Annual' } },
    });
    expect(withoutCard.statusCode).toBe(400);
    expect(withoutCard.json().error.message).toMatch(/^Subscription.PaymentNonce/);
  });

  it('refuses a temperature outside the °C bounds and a humidity range on a NIST device (accounts-devices-billing §4, §5)', async () => {
    const device = await createDevice(t.ctx, { deviceType: 10 });
    const cold = await post({
      ...basics(device.serialNumber),
      TempPref: 'C',
      TempMin: -600,
      TempMax: 20,
    });
    expect(cold.statusCode).toBe(400);
    expect(cold.json().error.message).toMatch(/^TempMin: .*-573 and 537 °C/);
    const humid = await post({ ...basics(device.serialNumber), HumidityMin: 10, HumidityMax: 50 });
    expect(humid.statusCode).toBe(400);
    expect(humid.json().error.message).toMatch(/^HumidityMin/);
    const ok = await post(basics(device.serialNumber));
    expect(ok.statusCode).toBe(200);
    expect(
      ok
        .json()
        .UserDevice.AlarmPoints.map(
          (a: { DeviceSensor: { SensorType: string } }) => a.DeviceSensor.SensorType,
        ),
    ).toEqual(['TEMP']);
  });

  it('needs an Idempotency-Key header (decision 037)', async () => {
    const device = await createDevice(t.ctx);
    const response = await post(basics(device.serialNumber), { key: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/Idempotency-Key/);
  });

  it('answers a repeated submit with the first answer, not a 409 (accounts-devices-billing §4)', async () => {
    const device = await createDevice(t.ctx);
    const first = await post(basics(device.serialNumber), { key: 'repeat-key-1' });
    const again = await post(basics(device.serialNumber), { key: 'repeat-key-1' });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await post(basics(device.serialNumber), { key: 'repeat-key-2' });
    expect(other.statusCode).toBe(409);
  });

  it('refuses to register into another user’s account (accounts-devices-billing §6)', async () => {
    const device = await createDevice(t.ctx);
    const response = await post(basics(device.serialNumber), { auth: otherToken });
    expect(response.statusCode).toBe(403);
    const rows = await t.ctx.db
      .selectFrom('user_devices')
      .select('id')
      .where('device_id', '=', device.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('answers 404 for an unknown serial (accounts-devices-billing §5)', async () => {
    const response = await post(basics('ZZZ999'));
    expect(response.statusCode).toBe(404);
  });
});
