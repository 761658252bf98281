import { findDeviceBillingFamily } from '@monitor/domain/billing/billing-users';
import type { AppContext } from '../context';
import { findSubscriptionOptionRows } from '../modules/billing/subscription-options.repository';
import { planTenantOf } from '../modules/billing/subscription-options.service';
import { saveSubscription } from '../modules/billing/subscriptions-save.service';
import { findSubscriptionRowInForce } from '../modules/billing/subscriptions.repository';
import { findDeviceRowById } from '../modules/devices/device-lookup.repository';
import { findOwnedUnits } from './demo-fleet.repository';

/** Braintree's fixed sandbox nonce for a good Visa, which the local processor accepts too. */
export const DEMO_PAYMENT_NONCE = 'fake-valid-visa-nonce';

/**
 * Gives each demo unit that pays by card (accounts-devices-billing §4) a Monthly subscription of
 * its plan tenant, paid with the test nonce, through the same service as the web app; test and
 * billed types take none. A unit with a subscription in force keeps it, so every start may run it.
 */
export async function ensureDemoSubscriptions(ctx: AppContext, userId: number): Promise<number> {
  let made = 0;
  for (const unit of await findOwnedUnits(ctx.db, userId)) {
    if (findDeviceBillingFamily(unit.device_type) !== 'card') continue;
    if (await findSubscriptionRowInForce(ctx.db, unit.user_device_id)) continue;
    const device = await findDeviceRowById(ctx.db, unit.device_id);
    if (!device) continue;
    const plans = await findSubscriptionOptionRows(ctx.db, planTenantOf(device), { isPro: false });
    const monthly = plans.find((plan) => plan.plan_type === 'Monthly');
    if (!monthly) continue;
    await saveSubscription(ctx, {
      callerId: userId,
      idempotencyKey: undefined,
      input: {
        billingPlan: { Id: monthly.id, PlanType: 'Monthly' },
        PaymentNonce: DEMO_PAYMENT_NONCE,
        UserId: userId,
        UserDeviceId: unit.user_device_id,
      },
    });
    made += 1;
  }
  return made;
}
