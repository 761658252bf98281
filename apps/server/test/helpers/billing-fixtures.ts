import type { AppContext } from '../../src/context';
import { createDevice, registerUserDevice, type TestDevice } from './devices';
import { createUser } from './factories';
import { vaultedCardFor } from './payments';

/**
 * Sale amounts from 2000.00 to 2999.99 decline at the local processor as in Braintree's sandbox
 * (decision 034): a monthly rate of $2001.00 makes a vaulted card (which verified) decline.
 */
export const DECLINING_MONTHLY_CENTS = 200_100;

export type BillingFixture = {
  userId: number;
  userDeviceId: number;
  subscriptionId: number;
  device: TestDevice;
};

/**
 * A user with a unit and a card subscription due on `nextBillingDate`, inserted directly as the
 * subscription calls would leave it (the billing run's tests need no sign-up).
 */
export async function createDueSubscription(
  ctx: AppContext,
  {
    planType = 'Monthly',
    billingAmountCents = 2475,
    billingFrequency = planType === 'Annual' ? 12 : planType === 'Seasonal' ? 6 : 1,
    nextBillingDate,
    status = 'Active',
    paymentKind = 'card',
    userId,
    firstChargeDiscountCents = 0,
    freeMonthsAfter = 0,
  }: {
    planType?: 'Monthly' | 'Annual' | 'Seasonal';
    billingAmountCents?: number;
    billingFrequency?: number;
    nextBillingDate: string;
    status?: 'Active' | 'PastDue' | 'Pending';
    paymentKind?: 'card' | 'invoice';
    userId?: number;
    firstChargeDiscountCents?: number;
    freeMonthsAfter?: number;
  },
): Promise<BillingFixture> {
  const owner = userId ?? (await createUser(ctx)).id;
  const device = await createDevice(ctx);
  const userDeviceId = await registerUserDevice(ctx, { userId: owner, deviceId: device.id });
  const card = paymentKind === 'card' ? await vaultedCardFor(ctx) : null;
  const row = await ctx.db
    .insertInto('subscriptions')
    .values({
      user_id: owner,
      user_device_id: userDeviceId,
      plan_type: planType,
      billing_amount_cents: billingAmountCents,
      billing_frequency: billingFrequency,
      payment_kind: paymentKind,
      status,
      customer_id: card?.customerId ?? null,
      payment_method_token: card?.token ?? null,
      card_type: card?.cardType ?? null,
      card_last4: card?.last4 ?? null,
      start_date: nextBillingDate,
      next_billing_date: nextBillingDate,
      first_charge_discount_cents: firstChargeDiscountCents,
      free_months_after: freeMonthsAfter,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId: owner, userDeviceId, subscriptionId: row.id, device };
}
