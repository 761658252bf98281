import type { z } from 'zod';
import type { SubscriptionRequest, SubscriptionSaved } from '@monitor/contract/subscriptions';
import {
  checkBilledUserDevice,
  findDeviceBillingFamily,
} from '@monitor/domain/billing/billing-users';
import { fillBrand } from '@monitor/domain/shared/messages';
import { isTenantId } from '@monitor/domain/shared/brands';
import type { AppContext } from '../../context';
import { badRequest, conflict, paymentRefused } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/database/errors';
import { requireUserDevice } from '../devices/device-access.service';
import { pucksPartOfNewSubscription } from '../entitlements/pucks.service';
import type { VaultedCard } from '../../adapters/payments/payment-processor';
import { billingToday } from './billing-day';
import { invoiceIfBegun } from './invoices.service';
import {
  cardAddress,
  cardColumns,
  releaseCard,
  vaultCard,
  withProcessor,
} from './payment-vault.service';
import { chargeSubscriptionPeriod } from './subscription-charges.service';
import { currentOf, requireBillingManager } from './subscriptions.service';
import { periodColumns, requirePlanFor, startFor } from './subscriptions-plan';
import {
  deleteSubscription,
  findSubscriptionRowByKey,
  findSubscriptionRowInForce,
  insertSubscription,
  type SubscriptionRow,
} from './subscriptions.repository';

type Saved = z.infer<typeof SubscriptionSaved>;

/** The alert of a subscription the payment vendor refused (accounts-devices-billing §8). */
export const SUBSCRIPTION_REFUSED =
  'An error occurred creating subscription with payment vendor. Please contact customer support.';
/** Wording ours: test devices complete registration without payment (accounts-devices-billing §4). */
export const TEST_DEVICE_NEEDS_NO_SUBSCRIPTION = 'Test devices need no subscription.';
const KEY_REUSED = 'This Idempotency-Key was used for another subscription.';

const saved = (row: SubscriptionRow): Saved => ({
  Id: row.id,
  CustomerId: row.customer_id,
  PaymentMethodToken: row.payment_method_token,
});

/**
 * Saves a device's subscription (accounts-devices-billing §3, §4, §5): the owner of the user
 * device only; billed types (6, 7, 8) get an invoice subscription without a card, test types none;
 * card types vault the nonce's card (creating the user's vault customer first) and, when the first
 * billing date has come, are charged at once — a declined first charge leaves nothing behind.
 *
 * A repeated or concurrent submit answers the first one and charges once: the same
 * `Idempotency-Key` finds its row, and without one the device's subscription in force does (one
 * per device, by unique index; the loser of a race lets its card go and answers the winner's row).
 */
export async function saveSubscription(
  ctx: AppContext,
  {
    callerId,
    idempotencyKey,
    input,
  }: { callerId: number; idempotencyKey: string | undefined; input: SubscriptionRequest },
): Promise<Saved> {
  const user = await requireBillingManager(ctx, callerId);
  const { row: userDevice } = await requireUserDevice(ctx, {
    callerId,
    userDeviceId: input.UserDeviceId,
    mode: 'write',
  });
  const key = idempotencyKey ? `${callerId}:${idempotencyKey}` : null;
  const earlier = await findEarlier(ctx, key, userDevice.id);
  if (earlier) return saved(earlier);

  const family = findDeviceBillingFamily(userDevice.device_type);
  if (family === 'test') throw badRequest(TEST_DEVICE_NEEDS_NO_SUBSCRIPTION);
  const check = checkBilledUserDevice({
    billingCheckResult: user.billing_type,
    deviceType: userDevice.device_type,
    hasApContact: Boolean(user.ap_contact_email),
  });
  if (!check.isValid) {
    const brand = ctx.brands[isTenantId(user.tenant_id) ? user.tenant_id : 1];
    throw badRequest(fillBrand(check.message, brand));
  }
  const option = await requirePlanFor(ctx, userDevice, input.billingPlan);
  const today = billingToday(ctx);
  const start = startFor({
    option,
    requested: input.billingPlan.StartDate,
    current: currentOf(undefined),
    isNewDevice: true,
    today,
  });

  const billingAddress = await cardAddress(ctx, callerId, input);
  let card: VaultedCard | null = null;
  if (family === 'card') {
    if (!input.PaymentNonce) throw badRequest('PaymentNonce is required.');
    card = await vaultCard(ctx, {
      user,
      nonce: input.PaymentNonce,
      deviceData: input.DeviceData,
      billingAddress,
      refusal: SUBSCRIPTION_REFUSED,
    });
  }

  const puckMonthlyCents = await pucksPartOfNewSubscription(ctx.db, userDevice.device_id);
  let row: SubscriptionRow;
  try {
    row = await insertSubscription(ctx.db, {
      user_id: callerId,
      user_device_id: userDevice.id,
      payment_kind: family === 'card' ? 'card' : 'invoice',
      status: 'Active',
      customer_id: card?.customerId ?? null,
      ...(card && cardColumns(card)),
      ...periodColumns(option, start, { puckMonthlyCents }),
      puck_monthly_cents: puckMonthlyCents,
      // Sales tax on every period is reckoned where the card is billed.
      billing_street: billingAddress.streetAddress ?? null,
      billing_city: billingAddress.locality ?? null,
      billing_state: billingAddress.region ?? null,
      billing_zip: billingAddress.postalCode ?? null,
      idempotency_key: key,
    });
  } catch (error) {
    if (
      !isUniqueViolation(error, 'subscriptions_idempotency_key_key') &&
      !isUniqueViolation(error, 'subscriptions_one_per_user_device')
    )
      throw error;
    await releaseCard(ctx, card?.token ?? null);
    const winner = await findEarlier(ctx, key, userDevice.id);
    if (!winner) throw error;
    return saved(winner);
  }

  await invoiceIfBegun(ctx, row);
  if (row.payment_kind === 'card' && row.next_billing_date && row.next_billing_date <= today) {
    const outcome = await withProcessor(() =>
      chargeSubscriptionPeriod(ctx, { subscriptionId: row.id, whileOwnerWaits: true }),
    );
    if (outcome.kind === 'declined') {
      await deleteSubscription(ctx.db, row.id);
      await releaseCard(ctx, row.payment_method_token);
      throw paymentRefused(SUBSCRIPTION_REFUSED, outcome.errors);
    }
  }
  return saved(row);
}

/** The subscription an earlier submit made: by its key, else the device's one in force. */
async function findEarlier(
  ctx: AppContext,
  key: string | null,
  userDeviceId: number,
): Promise<SubscriptionRow | undefined> {
  if (key) {
    const byKey = await findSubscriptionRowByKey(ctx.db, key);
    if (byKey && byKey.user_device_id !== userDeviceId) throw conflict(KEY_REUSED);
    if (byKey) return byKey;
  }
  return findSubscriptionRowInForce(ctx.db, userDeviceId);
}
