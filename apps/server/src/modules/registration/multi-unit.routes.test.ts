import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { bearer, createUser, signIn, type TestUser } from '../../../test/helpers/factories';
import { createDevice } from '../../../test/helpers/device-factories';

describe('POST /api/users/{userId}/devices/multiunit (accounts-devices-billing §4 "In multi-unit mode…", §5, §7)', () => {
  let t: TestApp;
  let owner: TestUser;
  let token: string;
  let keySeq = 0;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx);
    token = await signIn(t.app, owner);
  });
  afterAll(() => t.close());

  const post = (body: Record<string, unknown>, key = `multi-key-${(keySeq += 1)}`) =>
    t.app.inject({
      method: 'POST',
      url: `/api/users/${owner.id}/devices/multiunit`,
      headers: { ...bearer(token), 'idempotency-key': key },
      payload: body,
    });
  const ownerRowsOf = (deviceIds: number[]) =>
    t.ctx.db
      .selectFrom('user_devices')
      .select('device_id')
      .where('device_id', 'in', deviceIds)
      .execute();

  it('registers every unit of the same type and tenant (accounts-devices-billing §4, §7)', async () => {
    const units = [await createDevice(t.ctx), await createDevice(t.ctx)];
    const response = await post({
      TermsAccepted: true,
      Units: units.map((u, i) => ({
        SerialNumber: u.serialNumber,
        Name: `Bay ${i + 1}`,
        DeviceType: 5,
        TenantId: 2,
      })),
    });
    expect(response.statusCode).toBe(200);
    const serials = response
      .json()
      .Registrations.map(
        (r: { UserDevice: { SerialNumber: string } }) => r.UserDevice.SerialNumber,
      );
    expect(serials).toEqual(units.map((u) => u.serialNumber));
  });

  it('refuses a serial of another device type with the mismatch alert, registering none (accounts-devices-billing §5)', async () => {
    const first = await createDevice(t.ctx, { deviceType: 5 });
    const other = await createDevice(t.ctx, { deviceType: 3 });
    const response = await post({
      TermsAccepted: true,
      Units: [
        { SerialNumber: first.serialNumber, Name: 'A' },
        { SerialNumber: other.serialNumber, Name: 'B' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'There was a device type mismatch. Please check the Serial number and try again.',
    );
    expect(await ownerRowsOf([first.id, other.id])).toEqual([]);
  });

  it('refuses a serial of another tenant with the mismatch alert (accounts-devices-billing §4)', async () => {
    const first = await createDevice(t.ctx, { deviceType: 5 });
    const other = await createDevice(t.ctx, { deviceType: 5, tenantId: 3 });
    const response = await post({
      TermsAccepted: true,
      Units: [
        { SerialNumber: first.serialNumber, Name: 'A' },
        { SerialNumber: other.serialNumber, Name: 'B' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/device type mismatch/);
  });

  it('removes a unit whose registration fails and answers the §8 alert with the brand phone (accounts-devices-billing §8)', async () => {
    const units = [await createDevice(t.ctx), await createDevice(t.ctx)];
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION injected_failure() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN IF NEW.name = 'Broken' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$`,
      )
      .execute(t.ctx.db);
    await sql
      .raw(
        'CREATE TRIGGER injected_failure BEFORE INSERT ON user_devices FOR EACH ROW EXECUTE FUNCTION injected_failure()',
      )
      .execute(t.ctx.db);
    try {
      const response = await post({
        TermsAccepted: true,
        Units: [
          { SerialNumber: units[0]!.serialNumber, Name: 'Fine' },
          { SerialNumber: units[1]!.serialNumber, Name: 'Broken' },
        ],
      });
      expect(response.statusCode).toBe(500);
      const { error } = response.json();
      expect(error.message).toBe(
        `An error occurred setting up your services. Please contact customer support at ${t.ctx.brands[2].phone}`,
      );
      expect(error).toMatchObject({
        Registered: [units[0]!.serialNumber],
        FailedSerialNumber: units[1]!.serialNumber,
      });
      expect((await ownerRowsOf(units.map((u) => u.id))).map((r) => r.device_id)).toEqual([
        units[0]!.id,
      ]);
    } finally {
      await sql`DROP TRIGGER injected_failure ON user_devices`.execute(t.ctx.db);
    }
  });

  it('pays for every card unit with the one card, each period charged once, a repeated call charging nothing more (accounts-devices-billing §7 "multi-unit subscription save")', async () => {
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
    const units = [
      await createDevice(t.ctx, { deviceType: 1 }),
      await createDevice(t.ctx, { deviceType: 1 }),
    ];
    const body = {
      TermsAccepted: true,
      Subscription: {
        billingPlan: { Id: option.id, PlanType: 'Monthly' },
        PaymentNonce: 'fake-valid-visa-nonce',
        Zip: '62702',
      },
      Units: units.map((u, i) => ({ SerialNumber: u.serialNumber, Name: `Card ${i}` })),
    };
    const first = await post(body, 'multi-card-1');
    expect(first.statusCode).toBe(200);
    const again = await post(body, 'multi-card-1');
    expect(again.json()).toEqual(first.json());
    const subscriptions = first
      .json()
      .Registrations.map((r: { Subscription: { Id: number } }) => r.Subscription.Id);
    const sales = await t.ctx.db
      .selectFrom('local_processor_transactions')
      .select(['order_id', 'amount_cents', 'last4'])
      .where('type', '=', 'sale')
      .where(
        'order_id',
        'in',
        subscriptions.map((id: number) => `subscription:${id}:2026-11-22:1`),
      )
      .orderBy('order_id')
      .execute();
    expect(sales.map((s) => s.amount_cents)).toEqual([1295, 1295]);
    expect(new Set(sales.map((s) => s.last4)).size).toBe(1);
  });
});
