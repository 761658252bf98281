import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn, type TestUser } from '../../../test/helpers/factories';
import { createDevice } from '../../../test/helpers/device-factories';
import { registerUserDevice } from '../../../test/helpers/devices';
import { ensureLegacyProfileCustomer } from '../../demo/legacy-profile';
import { DEMO_LEGACY_CUSTOMER } from '../../platform/config/demo-accounts';

type Legacy = { user: TestUser; token: string; subscriptionId: number; serial: string };

describe('convert-to-card-provider flow (accounts-devices-billing §4, §7)', () => {
  let t: TestApp;
  let annualPlanId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const plan = await t.ctx.db
      .selectFrom('subscription_options')
      .select('id')
      .where('tenant_id', '=', 2)
      .where('plan_type', '=', 'Annual')
      .where('is_pro', '=', false)
      .executeTakeFirstOrThrow();
    annualPlanId = plan.id;
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  /** The user's card changes in the audit log (issue #22), oldest first. */
  const cardChanges = (userId: number) =>
    t.ctx.db
      .selectFrom('audit_events')
      .select(['actor_id', 'detail'])
      .where('user_id', '=', userId)
      .where('action', '=', 'billing.card-change')
      .orderBy('id')
      .execute();

  /** A customer whose Annual subscription is an old payment profile, paid until 2027-02-01. */
  async function legacyCustomer(): Promise<Legacy> {
    const user = await createUser(t.ctx);
    const unit = await createDevice(t.ctx, { deviceType: 1 });
    const userDeviceId = await registerUserDevice(t.ctx, { userId: user.id, deviceId: unit.id });
    const row = await t.ctx.db
      .insertInto('subscriptions')
      .values({
        user_id: user.id,
        user_device_id: userDeviceId,
        plan_type: 'Annual',
        billing_amount_cents: 825,
        billing_frequency: 12,
        payment_kind: 'card',
        status: 'Active',
        is_legacy_profile: true,
        start_date: '2026-02-01',
        next_billing_date: '2027-02-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      user,
      token: await signIn(t.app, user),
      subscriptionId: row.id,
      serial: unit.serialNumber,
    };
  }

  const convertBody = (legacy: Legacy, overrides: Record<string, unknown> = {}) => ({
    OldSubscriptionId: legacy.subscriptionId,
    UserId: legacy.user.id,
    billingPlan: { Id: annualPlanId, PlanType: 'Annual' },
    PaymentNonce: 'fake-valid-visa-nonce',
    FirstName: 'Lee',
    LastName: 'Legacy',
    Address1: '2 Elm St',
    City: 'springfield',
    State: 'IL',
    Zip: '62702',
    PhoneNumber: '(217) 555-0100',
    ...overrides,
  });

  it('seeds the demo customer on an old payment profile, with no vault customer (accounts-devices-billing §4)', async () => {
    await ensureLegacyProfileCustomer(t.ctx);
    const rows = await t.ctx.db
      .selectFrom('subscriptions')
      .innerJoin('users', 'users.id', 'subscriptions.user_id')
      .select(['subscriptions.is_legacy_profile', 'subscriptions.status', 'users.customer_id'])
      .where('users.email_address', '=', DEMO_LEGACY_CUSTOMER.email)
      .execute();
    expect(rows).toEqual([{ is_legacy_profile: true, status: 'Active', customer_id: null }]);
  });

  it('cancels the old subscription, which then shows CancelledProfile (accounts-devices-billing §3, §4, §7)', async () => {
    const legacy = await legacyCustomer();
    const response = await injectAs(
      t.app,
      legacy.token,
      'POST',
      '/api/paymentprocessing/cancelOldSubscription/',
      [legacy.subscriptionId, legacy.user.id],
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Id: legacy.subscriptionId,
      Status: 'CancelledProfile',
    });
  });

  it("refuses another user's old subscription and a subscription that is no old profile (accounts-devices-billing §6)", async () => {
    const legacy = await legacyCustomer();
    const other = await legacyCustomer();
    const theirs = await injectAs(
      t.app,
      other.token,
      'POST',
      '/api/paymentprocessing/cancelOldSubscription/',
      [legacy.subscriptionId, other.user.id],
    );
    expect(theirs.statusCode).toBe(403);
    await injectAs(t.app, legacy.token, 'POST', '/api/paymentprocessing/cancelOldSubscription/', [
      legacy.subscriptionId,
      legacy.user.id,
    ]);
    const again = await injectAs(
      t.app,
      legacy.token,
      'POST',
      '/api/paymentprocessing/cancelOldSubscription/',
      [legacy.subscriptionId, legacy.user.id],
    );
    expect(again.statusCode).toBe(400);
  });

  it('sends the switch e-mail through the outbox (accounts-devices-billing §7 sendEmailForSwitch)', async () => {
    const legacy = await legacyCustomer();
    const response = await injectAs(
      t.app,
      legacy.token,
      'POST',
      '/api/paymentprocessing/sendEmailForSwitch/',
      [legacy.subscriptionId, legacy.subscriptionId, legacy.user.id, legacy.serial],
    );
    expect(response.statusCode).toBe(200);
    const delivery = await t.ctx.db
      .selectFrom('deliveries')
      .select(['kind', 'address', 'subject'])
      .where('id', '=', response.json().DeliveryId)
      .executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({
      kind: 'subscription-switch',
      address: legacy.user.email_address,
    });
    const other = await legacyCustomer();
    const theirs = await injectAs(
      t.app,
      other.token,
      'POST',
      '/api/paymentprocessing/sendEmailForSwitch/',
      [legacy.subscriptionId, other.subscriptionId, other.user.id, other.serial],
    );
    expect(theirs.statusCode).toBe(403);
  });

  it('converts in the §4 order: address cleansed, new Annual subscription from the day after the old end, old cancelled, switch e-mail, user and billing address updated (accounts-devices-billing §4)', async () => {
    const legacy = await legacyCustomer();
    const response = await injectAs(
      t.app,
      legacy.token,
      'POST',
      '/api/paymentprocessing/convertToCardProvider/',
      convertBody(legacy),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.OldSubscription).toMatchObject({
      Id: legacy.subscriptionId,
      Status: 'CancelledProfile',
    });
    expect(body.NewSubscription).toMatchObject({
      Status: 'Active',
      SubscriptionType: 'Annual',
      PaymentStartDate: '2027-02-01',
    });
    expect(body.SwitchEmailSent).toBe(true);
    const kinds = await t.ctx.db
      .selectFrom('deliveries')
      .select('kind')
      .where('user_id', '=', legacy.user.id)
      .execute();
    expect(kinds).toEqual([{ kind: 'subscription-switch' }]);
    const address = await t.ctx.db
      .selectFrom('billing_addresses')
      .select(['city', 'state', 'zip', 'phone_number', 'is_default'])
      .where('user_id', '=', legacy.user.id)
      .executeTakeFirstOrThrow();
    expect(address).toMatchObject({
      state: 'IL',
      zip: '62702',
      phone_number: '12175550100',
      is_default: true,
    });
    expect(address.city).toBe('Springfield');
    const user = await t.ctx.db
      .selectFrom('users')
      .select(['first_name', 'customer_id'])
      .where('id', '=', legacy.user.id)
      .executeTakeFirstOrThrow();
    expect(user.first_name).toBe('Lee');
    expect(user.customer_id).not.toBeNull();
    // The unit's payment moved to the new card: recorded with the switch (issue #22).
    expect(await cardChanges(legacy.user.id)).toEqual([
      {
        actor_id: legacy.user.id,
        detail: {
          cardType: 'Visa',
          last4: '1111',
          subscriptionIds: [body.NewSubscription.Id],
          replaces: legacy.subscriptionId,
        },
      },
    ]);
  });

  it('records the card change undone when the first charge on the new card is declined (issue #22)', async () => {
    const legacy = await legacyCustomer();
    // Paid up to last month: the new subscription starts today and is charged at once.
    await t.ctx.db
      .updateTable('subscriptions')
      .set({ start_date: '2025-01-01', next_billing_date: '2025-06-01' })
      .where('id', '=', legacy.subscriptionId)
      .execute();
    vi.spyOn(t.ctx.payments, 'sale').mockResolvedValue({
      ok: false,
      errors: [{ code: 2000, message: 'Do Not Honor' }],
    });
    const response = await injectAs(
      t.app,
      legacy.token,
      'POST',
      '/api/paymentprocessing/convertToCardProvider/',
      convertBody(legacy),
    );
    expect(response.statusCode, response.body).toBe(400);
    const changes = await cardChanges(legacy.user.id);
    expect(changes.map((change) => change.detail.undone ?? false)).toEqual([false, true]);
    expect(changes[1]?.detail.restored).toBe(legacy.subscriptionId);
  });

  it('refuses an address the verifier rejects with the billing alert, leaving the old subscription in force (accounts-devices-billing §5)', async () => {
    const legacy = await legacyCustomer();
    const response = await injectAs(
      t.app,
      legacy.token,
      'POST',
      '/api/paymentprocessing/convertToCardProvider/',
      convertBody(legacy, { Zip: '10001' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(
      /^Billing Address Verification Error :.* Please re-enter your address and try again\.$/,
    );
    const old = await t.ctx.db
      .selectFrom('subscriptions')
      .select('status')
      .where('id', '=', legacy.subscriptionId)
      .executeTakeFirstOrThrow();
    expect(old.status).toBe('Active');
  });

  it('leaves the old subscription in force and no card vaulted when the card is refused (accounts-devices-billing §4, §8)', async () => {
    const legacy = await legacyCustomer();
    const response = await injectAs(
      t.app,
      legacy.token,
      'POST',
      '/api/paymentprocessing/convertToCardProvider/',
      convertBody(legacy, { PaymentNonce: 'fake-processor-declined-visa-nonce' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.processorErrors.length).toBeGreaterThan(0);
    const rows = await t.ctx.db
      .selectFrom('subscriptions')
      .select(['id', 'status'])
      .where('user_id', '=', legacy.user.id)
      .execute();
    expect(rows).toEqual([{ id: legacy.subscriptionId, status: 'Active' }]);
    expect(await cardChanges(legacy.user.id)).toEqual([]);
  });
});
