import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeviceRegistrationRequest } from '@monitor/contract/registration';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, type TestUser } from '../../../test/helpers/factories';
import { createDevice } from '../../../test/helpers/device-factories';
import { PaymentProcessorUnavailable } from '../../adapters/payments/payment-processor';
import { AppError } from '../../platform/errors';
import { chooseDeviceBilling } from './registration-checks';
import { registerDevice } from './registration.service';
import { registerUserDevice } from '../devices/user-devices.service';
import { saveSubscription } from '../billing/subscriptions-save.service';
import {
  claimRegistrationAttempt,
  recordRegistrationStep,
} from './registration-attempts.repository';
import { STALE_REGISTRATION_MS } from './stale-registrations';

const silentLog = { error: () => undefined, warn: () => undefined };

/**
 * The registration saga against the local payment processor and a carrier that can fail: each
 * step of accounts-devices-billing §4 failing leaves nothing behind (decision 037).
 */
describe('device registration saga (accounts-devices-billing §4 "Device registration flow")', () => {
  let t: TestApp;
  let owner: TestUser;
  let planId: number;
  let keySeq = 0;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx);
    const option = await t.ctx.db
      .insertInto('subscription_options')
      .values({
        tenant_id: 2,
        plan_type: 'Monthly',
        billing_amount_cents: 1295,
        billing_frequency: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    planId = option.id;
  });
  afterAll(() => t.close());
  afterEach(async () => {
    vi.restoreAllMocks();
    await sql`DROP TRIGGER IF EXISTS injected_failure ON user_devices`.execute(t.ctx.db);
    await sql`DROP TRIGGER IF EXISTS injected_failure ON alarm_points`.execute(t.ctx.db);
  });

  const settings = (serial: string, extra: Partial<DeviceRegistrationRequest> = {}) => ({
    SerialNumber: serial,
    Name: 'Cabin',
    Location: 'Lake',
    TimeZone: -5,
    TempEnabled: true,
    HumidityEnabled: true,
    TempPref: 'F' as const,
    TempMin: 35,
    TempMax: 90,
    ...extra,
  });
  const subscription = (nonce = 'fake-valid-nonce') => ({
    billingPlan: { Id: planId, PlanType: 'Monthly' as const },
    PaymentNonce: nonce,
    FirstName: 'Olive',
    LastName: 'Owner',
    Address1: '2 Elm St',
    City: 'Springfield',
    State: 'IL',
    Zip: '62702',
  });

  async function register(
    serial: string,
    { nonce = 'fake-valid-nonce', key = `key-${(keySeq += 1)}-abcdef` } = {},
  ) {
    const sub = subscription(nonce);
    return registerDevice(t.ctx, {
      userId: owner.id,
      idempotencyKey: key,
      settings: settings(serial),
      billing: (device) => chooseDeviceBilling(device, sub),
      log: silentLog,
    });
  }

  async function failureOf(promise: Promise<unknown>): Promise<AppError> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
    return error;
  }

  /** The subscriptions the registrations of a unit saved, with their cards. */
  async function subscriptionsOf(deviceId: number) {
    const keys = (
      await t.ctx.db
        .selectFrom('device_registrations')
        .innerJoin('devices', 'devices.serial_number', 'device_registrations.serial_number')
        .select('device_registrations.id')
        .where('devices.id', '=', deviceId)
        .execute()
    ).map((r) => `${owner.id}:registration-${r.id}`);
    if (keys.length === 0) return [];
    return t.ctx.db
      .selectFrom('subscriptions')
      .select(['id', 'status', 'payment_method_token', 'user_device_id'])
      .where('idempotency_key', 'in', keys)
      .execute();
  }

  /** Sales of the processor for a unit's subscriptions that still hold money (not refunded whole). */
  async function standingSalesOf(deviceId: number) {
    const ids = (await subscriptionsOf(deviceId)).map((s) => s.id);
    if (ids.length === 0) return [];
    const sales = await t.ctx.db
      .selectFrom('local_processor_transactions')
      .select(['id', 'order_id', 'amount_cents'])
      .where('type', '=', 'sale')
      .where('status', 'in', ['submitted_for_settlement', 'settled'])
      .where((eb) => eb.or(ids.map((id) => eb('order_id', 'like', `subscription:${id}:%`))))
      .execute();
    if (sales.length === 0) return [];
    const credits = await t.ctx.db
      .selectFrom('local_processor_transactions')
      .select(['refunded_transaction_id', 'amount_cents'])
      .where('type', '=', 'credit')
      .where(
        'refunded_transaction_id',
        'in',
        sales.map((sale) => sale.id),
      )
      .execute();
    const returned = (id: string) =>
      credits
        .filter((c) => c.refunded_transaction_id === id)
        .reduce((sum, c) => sum + c.amount_cents, 0);
    return sales
      .filter((sale) => sale.amount_cents > returned(sale.id))
      .map(({ order_id, amount_cents }) => ({ order_id, amount_cents }));
  }

  async function vaultedCardsOf(deviceId: number) {
    const tokens = (await subscriptionsOf(deviceId))
      .map((s) => s.payment_method_token)
      .filter((token): token is string => token !== null);
    if (tokens.length === 0) return [];
    return t.ctx.db
      .selectFrom('local_processor_payment_methods')
      .select('token')
      .where('token', 'in', tokens)
      .execute();
  }

  /** Every card in the owner's vault: a failed registration adds none. */
  async function ownerCardCount() {
    const user = await t.ctx.db
      .selectFrom('users')
      .select('customer_id')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const rows = await t.ctx.db
      .selectFrom('local_processor_payment_methods')
      .select('token')
      .where('customer_id', '=', user.customer_id ?? '')
      .execute();
    return rows.length;
  }

  /** What a failed registration of a unit may leave: nothing but its cancelled history. */
  async function expectNothingLeft(deviceId: number) {
    const rows = await t.ctx.db
      .selectFrom('user_devices')
      .select('id')
      .where('device_id', '=', deviceId)
      .execute();
    expect(rows).toEqual([]);
    const inForce = (await subscriptionsOf(deviceId)).filter((s) => s.status !== 'Cancelled');
    expect(inForce).toEqual([]);
    expect(await standingSalesOf(deviceId)).toEqual([]);
    expect(await vaultedCardsOf(deviceId)).toEqual([]);
  }

  async function injectFailure(table: 'user_devices' | 'alarm_points', event: string) {
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION injected_failure() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN RAISE EXCEPTION 'injected failure'; END $$`,
      )
      .execute(t.ctx.db);
    await sql
      .raw(
        `CREATE TRIGGER injected_failure BEFORE ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION injected_failure()`,
      )
      .execute(t.ctx.db);
  }

  const modemOf = async (deviceId: number) =>
    (
      await t.ctx.db
        .selectFrom('devices')
        .select('modem_activated')
        .where('id', '=', deviceId)
        .executeTakeFirstOrThrow()
    ).modem_activated;

  it('registers a card-payment device in the §4 order: modem activated, card vaulted, first month charged, ranges saved, complete (accounts-devices-billing §4)', async () => {
    const device = await createDevice(t.ctx, { deviceType: 1 });
    const result = await register(device.serialNumber);
    expect(result.UserDevice).toMatchObject({
      SerialNumber: device.serialNumber,
      RegistrationComplete: true,
    });
    const cards = await vaultedCardsOf(device.id);
    expect(cards.map((c) => c.token)).toEqual([result.Subscription?.PaymentMethodToken]);
    expect(await modemOf(device.id)).toBe(true);
    expect((await standingSalesOf(device.id)).map((s) => s.amount_cents)).toEqual([1295]);
    const temp = result.UserDevice.AlarmPoints.find((a) => a.DeviceSensor.SensorType === 'TEMP');
    expect([temp?.RangeMin, temp?.RangeMax]).toEqual([35, 90]);
    const row = await t.ctx.db
      .selectFrom('user_devices')
      .select(['terms_accepted_at', 'registration_complete'])
      .where('id', '=', result.UserDevice.Id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ terms_accepted_at: t.ctx.now(), registration_complete: true });
  });

  it('answers a repeated submit with the same Idempotency-Key with the first result and charges once (accounts-devices-billing §4)', async () => {
    const device = await createDevice(t.ctx, { deviceType: 1 });
    const first = await register(device.serialNumber, { key: 'same-key-123' });
    const again = await register(device.serialNumber, { key: 'same-key-123' });
    expect(again).toEqual(first);
    expect(await standingSalesOf(device.id)).toHaveLength(1);
    expect(await vaultedCardsOf(device.id)).toHaveLength(1);
  });

  it('removes the device when saving it fails at step 2, and answers the §8 saving message (accounts-devices-billing §4, §8)', async () => {
    const device = await createDevice(t.ctx, { deviceType: 1 });
    await injectFailure('user_devices', 'INSERT');
    const error = await failureOf(register(device.serialNumber));
    expect([error.statusCode, error.message]).toEqual([
      500,
      "We're sorry, an error occurred saving your new device information. Please try again. If the issue persists, please contact customer support.",
    ]);
    await expectNothingLeft(device.id);
    expect(await modemOf(device.id)).toBe(false);
  });

  it('removes the device when the modem activation fails at step 3, and answers the §8 activation message (accounts-devices-billing §4, §8)', async () => {
    vi.spyOn(t.ctx.carrier, 'activateModem').mockRejectedValue(new Error('carrier down'));
    const device = await createDevice(t.ctx, { deviceType: 1 });
    const error = await failureOf(register(device.serialNumber));
    expect([error.statusCode, error.message]).toEqual([
      502,
      'An error occurred while activating the cellular connection with your device. Please contact Customer Service.',
    ]);
    await expectNothingLeft(device.id);
    expect(await modemOf(device.id)).toBe(false);
  });

  it('removes the device when the card is refused at step 4, answering the refusal with its processor errors (accounts-devices-billing §4, §8)', async () => {
    const device = await createDevice(t.ctx, { deviceType: 1 });
    const error = await failureOf(
      register(device.serialNumber, { nonce: 'fake-processor-declined-visa-nonce' }),
    );
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(
      'An error occurred creating subscription with payment vendor. Please contact customer support.',
    );
    expect(error.details.processorErrors).toHaveLength(1);
    await expectNothingLeft(device.id);
    // Activated before the subscription, the modem stays so (decision 037).
    expect(await modemOf(device.id)).toBe(true);
  });

  it('deletes the card vaulted in the call when the first charge is declined at step 4 (accounts-devices-billing §4)', async () => {
    vi.spyOn(t.ctx.payments, 'sale').mockResolvedValue({
      ok: false,
      errors: [{ code: 15005, message: 'Declined' }],
    });
    const device = await createDevice(t.ctx, { deviceType: 1 });
    const cardsBefore = await ownerCardCount();
    const error = await failureOf(register(device.serialNumber));
    expect(error.statusCode).toBe(400);
    expect(error.details).toEqual({ processorErrors: [{ code: 15005, message: 'Declined' }] });
    await expectNothingLeft(device.id);
    expect(await ownerCardCount()).toBe(cardsBefore);
    // The subscriptions service deletes a subscription whose first charge is declined.
    const [subscription] = await subscriptionsOf(device.id);
    expect(subscription).toBeUndefined();
  });

  it('answers the §8 payment vendor message with 503 and undoes the vaulted card when the processor cannot be reached for the charge at step 4 (accounts-devices-billing §4, §8)', async () => {
    vi.spyOn(t.ctx.payments, 'sale').mockRejectedValue(new PaymentProcessorUnavailable('down'));
    const device = await createDevice(t.ctx, { deviceType: 1 });
    const error = await failureOf(register(device.serialNumber));
    expect([error.statusCode, error.message]).toEqual([
      503,
      'An error occurred creating subscription with payment vendor. Please contact customer support.',
    ]);
    await expectNothingLeft(device.id);
    expect((await subscriptionsOf(device.id)).map((s) => s.status)).toEqual(['Cancelled']);
  });

  it('refunds the charge, cancels the subscription and deletes the card when saving alarm points fails at step 5 (accounts-devices-billing §4, §8)', async () => {
    const device = await createDevice(t.ctx, { deviceType: 1 });
    await injectFailure('alarm_points', 'UPDATE');
    const error = await failureOf(register(device.serialNumber));
    expect([error.statusCode, error.message]).toEqual([
      500,
      "We're sorry, an error occurred saving your new device information. Please try again. If the issue persists, please contact customer support.",
    ]);
    await expectNothingLeft(device.id);
    const [subscription] = await subscriptionsOf(device.id);
    const charges = await t.ctx.db
      .selectFrom('charges')
      .select(['kind', 'status', 'amount_cents', 'refunded_cents'])
      .where('subscription_id', '=', subscription!.id)
      .orderBy('id')
      .execute();
    expect(charges).toEqual([
      { kind: 'subscription', status: 'refunded', amount_cents: 1295, refunded_cents: 1295 },
      { kind: 'refund', status: 'succeeded', amount_cents: 1295, refunded_cents: 0 },
    ]);
  });

  it('undoes everything when marking the registration complete fails at step 6 (accounts-devices-billing §4)', async () => {
    const device = await createDevice(t.ctx, { deviceType: 1 });
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION injected_failure() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN IF NEW.registration_complete THEN RAISE EXCEPTION 'injected failure'; END IF;
         RETURN NEW; END $$`,
      )
      .execute(t.ctx.db);
    await sql
      .raw(
        'CREATE TRIGGER injected_failure BEFORE UPDATE ON user_devices FOR EACH ROW EXECUTE FUNCTION injected_failure()',
      )
      .execute(t.ctx.db);
    const error = await failureOf(register(device.serialNumber));
    expect(error.statusCode).toBe(500);
    await expectNothingLeft(device.id);
  });

  it('answers a repeated submit of a failed registration with the same refusal and charges nothing (accounts-devices-billing §4)', async () => {
    vi.spyOn(t.ctx.carrier, 'activateModem').mockRejectedValue(new Error('carrier down'));
    const device = await createDevice(t.ctx, { deviceType: 1 });
    const first = await failureOf(register(device.serialNumber, { key: 'failed-key-1' }));
    // The carrier is back: a repeat still answers the first refusal, running nothing again.
    vi.restoreAllMocks();
    const again = await failureOf(register(device.serialNumber, { key: 'failed-key-1' }));
    expect([again.statusCode, again.message]).toEqual([first.statusCode, first.message]);
    await expectNothingLeft(device.id);
    expect(await modemOf(device.id)).toBe(false);
  });

  it('undoes a registration whose process died half-way when its key comes again, and answers 409 while one still runs (accounts-devices-billing §4)', async () => {
    const device = await createDevice(t.ctx, { deviceType: 1 });
    const attempt = await claimRegistrationAttempt(t.ctx.db, {
      userId: owner.id,
      idempotencyKey: 'died-key-1',
      serialNumber: device.serialNumber,
      termsAcceptedAt: t.ctx.now(),
      now: t.ctx.now(),
    });
    // What a process had done when it died after step 4: the device saved, subscribed, charged.
    const saved = await registerUserDevice(t.ctx, {
      userId: owner.id,
      serial: device.serialNumber,
      name: 'Half',
      location: null,
      timeZone: -5,
      isRegistrationComplete: false,
    });
    await recordRegistrationStep(t.ctx.db, attempt!.id, {
      step: 'subscription-created',
      userDeviceId: saved.Id,
    });
    await saveSubscription(t.ctx, {
      callerId: owner.id,
      idempotencyKey: `registration-${attempt!.id}`,
      input: { ...subscription(), UserId: owner.id, UserDeviceId: saved.Id },
    });
    expect(await standingSalesOf(device.id)).toHaveLength(1);
    const running = await failureOf(register(device.serialNumber, { key: 'died-key-1' }));
    expect(running.statusCode).toBe(409);
    t.advanceTime(STALE_REGISTRATION_MS);
    const stale = await failureOf(register(device.serialNumber, { key: 'died-key-1' }));
    expect([stale.statusCode, stale.message]).toEqual([
      500,
      "We're sorry, an error occurred saving your new device information. Please try again. If the issue persists, please contact customer support.",
    ]);
    await expectNothingLeft(device.id);
  });
});
