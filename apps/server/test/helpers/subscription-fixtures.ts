import { sql } from 'kysely';
import type { AppContext } from '../../src/context';
import { createDevice, registerUserDevice } from './devices';
import { createUser, injectAs, signIn, type TestUser } from './factories';
import type { TestApp } from './test-app';

/** An owner signed in, with helpers to give them units and subscribe them (issue #13). */
export type Subscriber = { user: TestUser; token: string };

export async function createSubscriber(
  t: TestApp,
  values: { billingType?: number; apContact?: string | null } = {},
): Promise<Subscriber> {
  const user = await createUser(t.ctx);
  if (values.billingType !== undefined || values.apContact !== undefined) {
    await t.ctx.db
      .updateTable('users')
      .set({
        billing_type: values.billingType ?? 0,
        ap_contact_email: values.apContact ?? null,
      })
      .where('id', '=', user.id)
      .execute();
  }
  return { user, token: await signIn(t.app, user) };
}

/** A unit of `deviceType` (tenant 2) registered to the user; answers the user device id. */
export async function unitOf(ctx: AppContext, userId: number, deviceType = 1): Promise<number> {
  const device = await createDevice(ctx, { deviceType });
  return registerUserDevice(ctx, { userId, deviceId: device.id });
}

/** The id of a plan of a tenant by type (ordinary plans; `pro` for the pro ones). */
export async function planId(
  ctx: AppContext,
  tenantId: number,
  planType: 'Monthly' | 'Annual' | 'Seasonal',
  pro = false,
): Promise<number> {
  const row = await ctx.db
    .selectFrom('subscription_options')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('plan_type', '=', planType)
    .where('is_pro', '=', pro)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A subscription request as the web app sends it. */
export function subscriptionRequest(
  s: Subscriber,
  userDeviceId: number,
  plan: { Id: number; PlanType: string; StartDate?: string },
  nonce: string | null = 'fake-valid-visa-nonce',
) {
  return {
    billingPlan: plan,
    FirstName: 'Olive',
    LastName: 'Owner',
    Address1: '1 Main St',
    City: 'Springfield',
    State: 'IL',
    Zip: '62701',
    ...(nonce && { PaymentNonce: nonce }),
    UserId: s.user.id,
    UserDeviceId: userDeviceId,
  };
}

/** Subscribes a tenant-2 unit of the user to a plan through the API; answers the subscription id. */
export async function subscribe(
  t: TestApp,
  s: Subscriber,
  planType: 'Monthly' | 'Annual' | 'Seasonal' = 'Monthly',
  { userDeviceId, startDate }: { userDeviceId?: number; startDate?: string } = {},
): Promise<number> {
  const unit = userDeviceId ?? (await unitOf(t.ctx, s.user.id));
  const plan = { Id: await planId(t.ctx, 2, planType), PlanType: planType, StartDate: startDate };
  const response = await injectAs(
    t.app,
    s.token,
    'POST',
    '/api/subscriptions',
    subscriptionRequest(s, unit, plan),
  );
  if (response.statusCode !== 200) throw new Error(`subscribe: ${response.body}`);
  return response.json<{ Id: number }>().Id;
}

/** The subscription row's billing days and status. */
export async function subscriptionRow(ctx: AppContext, id: number) {
  return ctx.db
    .selectFrom('subscriptions')
    .select([
      'status',
      'payment_kind',
      'payment_method_token',
      'card_last4',
      'first_charge_discount_cents',
      sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as('start_date'),
      sql<string | null>`to_char(end_date, 'YYYY-MM-DD')`.as('end_date'),
      sql<string | null>`to_char(next_billing_date, 'YYYY-MM-DD')`.as('next_billing_date'),
      sql<string | null>`to_char(expiration_date, 'YYYY-MM-DD')`.as('expiration_date'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Succeeded subscription charges of a user. */
export async function chargesOf(ctx: AppContext, userId: number) {
  return ctx.db
    .selectFrom('charges')
    .select(['subscription_id', 'amount_cents', 'status'])
    .where('user_id', '=', userId)
    .where('status', '=', 'succeeded')
    .execute();
}

/** How many cards the local processor's vault holds. */
export async function vaultedCardCount(ctx: AppContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('local_processor_payment_methods' as never)
    .select(sql<string>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
