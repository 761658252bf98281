import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceRegistrationRequest } from '@monitor/contract/registration';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, type TestUser } from '../../../test/helpers/factories';
import { createDevice } from '../../../test/helpers/device-factories';
import {
  createFakePayments,
  standingSales,
  type FakePayments,
} from '../../../test/helpers/fake-payments';
import { AppError } from '../../platform/errors';
import type { RegistrationDeps } from './registration-deps';
import { chooseDeviceBilling, registerDevice } from './registration.service';
import { resolvePayment } from './registration-payment';
import { setModemActivated } from '../devices/device-lookup.repository';

const silentLog = { error: () => undefined, warn: () => undefined };

/**
 * The registration saga against a processor in memory and a carrier that can fail: each step of
 * accounts-devices-billing §4 failing leaves nothing behind (decision 037).
 */
describe('device registration saga (accounts-devices-billing §4 "Device registration flow")', () => {
  let t: TestApp;
  let owner: TestUser;
  let planId: number;
  let fake: FakePayments;
  let carrierFails: boolean;
  let keySeq = 0;
  const deps = (): RegistrationDeps => ({
    payments: fake,
    activateModem: async (device) => {
      if (carrierFails) throw new Error('carrier down');
      await setModemActivated(t.ctx.db, device.id);
    },
  });

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
    billingPlan: { Id: planId },
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
    fake.declineSales ||= false;
    const sub = subscription(nonce);
    const payment = await resolvePayment(t.ctx, { userId: owner.id, subscription: sub });
    return registerDevice(t.ctx, deps(), {
      userId: owner.id,
      idempotencyKey: key,
      settings: settings(serial),
      billing: (device) => chooseDeviceBilling(device, sub, () => payment),
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

  /** What a failed registration of `device` may leave: nothing but its cancelled history. */
  async function expectNothingLeft(deviceId: number) {
    const rows = await t.ctx.db
      .selectFrom('user_devices')
      .select('id')
      .where('device_id', '=', deviceId)
      .execute();
    expect(rows).toEqual([]);
    const keys = (
      await t.ctx.db
        .selectFrom('device_registrations')
        .innerJoin('devices', 'devices.serial_number', 'device_registrations.serial_number')
        .select('device_registrations.id')
        .where('devices.id', '=', deviceId)
        .execute()
    ).map((r) => `registration-${r.id}`);
    const inForce = await t.ctx.db
      .selectFrom('subscriptions')
      .select('id')
      .where('idempotency_key', 'in', keys)
      .where('status', '<>', 'Cancelled')
      .execute();
    expect(inForce).toEqual([]);
    expect(standingSales(fake)).toEqual([]);
    expect([...fake.cards.keys()]).toEqual([]);
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
    fake = createFakePayments();
    carrierFails = false;
    const device = await createDevice(t.ctx, { deviceType: 1 });
    const result = await register(device.serialNumber);
    expect(result.UserDevice).toMatchObject({
      SerialNumber: device.serialNumber,
      RegistrationComplete: true,
    });
    expect(result.Subscription?.PaymentMethodToken).toBe([...fake.cards.keys()][0]);
    expect(await modemOf(device.id)).toBe(true);
    expect(standingSales(fake).map((s) => s.amountCents)).toEqual([1295]);
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
    fake = createFakePayments();
    carrierFails = false;
    const device = await createDevice(t.ctx, { deviceType: 1 });
    const first = await register(device.serialNumber, { key: 'same-key-123' });
    const again = await register(device.serialNumber, { key: 'same-key-123' });
    expect(again).toEqual(first);
    expect(standingSales(fake)).toHaveLength(1);
    expect(fake.cards.size).toBe(1);
  });

  it('removes the device when saving it fails at step 2, and answers the §8 saving message (accounts-devices-billing §4, §8)', async () => {
    fake = createFakePayments();
    carrierFails = false;
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
    fake = createFakePayments();
    carrierFails = true;
    const device = await createDevice(t.ctx, { deviceType: 1 });
    const error = await failureOf(register(device.serialNumber));
    expect([error.statusCode, error.message]).toEqual([
      502,
      'An error occurred while activating the cellular connection with your device. Please contact Customer Service.',
    ]);
    await expectNothingLeft(device.id);
    expect(await modemOf(device.id)).toBe(false);
    expect(fake.customers).toEqual([]);
  });

  it('removes the device when the card is refused at step 4, answering the refusal with its processor errors (accounts-devices-billing §4, §8)', async () => {
    fake = createFakePayments();
    carrierFails = false;
    const device = await createDevice(t.ctx, { deviceType: 1 });
    const error = await failureOf(
      register(device.serialNumber, { nonce: 'fake-processor-declined-visa-nonce' }),
    );
    expect(error.statusCode).toBe(400);
    expect(error.details).toEqual({ processorErrors: [{ code: 10752, message: 'Do Not Honor' }] });
    await expectNothingLeft(device.id);
    // Activated before the subscription, the modem stays so (decision 037).
    expect(await modemOf(device.id)).toBe(true);
  });

  it('deletes the card vaulted in the call when the first charge is declined at step 4 (accounts-devices-billing §4)', async () => {
    fake = createFakePayments();
    fake.declineSales = true;
    carrierFails = false;
    const device = await createDevice(t.ctx, { deviceType: 1 });
    const error = await failureOf(register(device.serialNumber));
    expect(error.statusCode).toBe(400);
    expect(error.details).toEqual({ processorErrors: [{ code: 15005, message: 'Declined' }] });
    await expectNothingLeft(device.id);
    const subscription = await t.ctx.db
      .selectFrom('subscriptions')
      .select(['status', 'user_device_id'])
      .where('idempotency_key', 'like', 'registration-%')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(subscription).toEqual({ status: 'Cancelled', user_device_id: null });
  });

  it('answers the §8 payment vendor message with 502 when the processor cannot be reached at step 4 (accounts-devices-billing §4, §8)', async () => {
    fake = createFakePayments();
    fake.unavailable = true;
    carrierFails = false;
    const device = await createDevice(t.ctx, { deviceType: 1 });
    const error = await failureOf(register(device.serialNumber));
    expect([error.statusCode, error.message]).toEqual([
      502,
      'An error occurred creating subscription with payment vendor. Please contact customer support.',
    ]);
    await expectNothingLeft(device.id);
  });

  it('refunds the charge, cancels the subscription and deletes the card when saving alarm points fails at step 5 (accounts-devices-billing §4, §8)', async () => {
    fake = createFakePayments();
    carrierFails = false;
    const device = await createDevice(t.ctx, { deviceType: 1 });
    await injectFailure('alarm_points', 'UPDATE');
    const error = await failureOf(register(device.serialNumber));
    expect([error.statusCode, error.message]).toEqual([
      500,
      "We're sorry, an error occurred saving your new device information. Please try again. If the issue persists, please contact customer support.",
    ]);
    await expectNothingLeft(device.id);
    expect(fake.transactions.map((tx) => [tx.type, tx.status])).toEqual([
      ['sale', 'voided'],
      ['credit', 'voided'],
    ]);
    const charges = await t.ctx.db
      .selectFrom('charges')
      .innerJoin('subscriptions', 'subscriptions.id', 'charges.subscription_id')
      .select(['charges.kind', 'charges.status'])
      .where('subscriptions.idempotency_key', 'like', 'registration-%')
      .where('charges.created_at', '>=', new Date(0))
      .orderBy('charges.id', 'desc')
      .limit(2)
      .execute();
    expect(charges).toEqual([
      { kind: 'refund', status: 'succeeded' },
      { kind: 'subscription', status: 'refunded' },
    ]);
  });

  it('undoes everything when marking the registration complete fails at step 6 (accounts-devices-billing §4)', async () => {
    fake = createFakePayments();
    carrierFails = false;
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
    fake = createFakePayments();
    carrierFails = true;
    const device = await createDevice(t.ctx, { deviceType: 1 });
    const first = await failureOf(register(device.serialNumber, { key: 'failed-key-1' }));
    carrierFails = false;
    const again = await failureOf(register(device.serialNumber, { key: 'failed-key-1' }));
    expect([again.statusCode, again.message]).toEqual([first.statusCode, first.message]);
    await expectNothingLeft(device.id);
  });
});
