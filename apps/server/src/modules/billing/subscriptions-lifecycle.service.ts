import type { z } from 'zod';
import type {
  SubscriptionChange,
  SubscriptionChanged,
  SubscriptionView,
} from '@monitor/contract/subscriptions';
import { computeSeasonalCredit } from '@monitor/domain/billing/subscription-charges';
import {
  canModifySeasonalSubscription,
  SUBSCRIPTION_START_MESSAGES,
} from '@monitor/domain/billing/subscription-start';
import {
  chooseReactivationRoute,
  suspendSubscription,
} from '@monitor/domain/billing/subscription-status';
import { cents } from '@monitor/domain/shared/money';
import type { IsoDate } from '@monitor/domain/shared/calendar-date';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../context';
import type { VaultedCard } from '../../adapters/payments/payment-processor';
import type { SubscriptionsTable } from '../../platform/database/schema';
import { badRequest, notFound, paymentRefused } from '../../platform/errors';
import { findUserDeviceRow } from '../devices/user-devices.repository';
import type { UserRow } from '../accounts/users.repository';
import { billingToday } from './billing-day';
import {
  cardAddress,
  cardColumns,
  releaseCard,
  vaultCard,
  withProcessor,
  type AddressInput,
} from './payment-vault.service';
import { chargeSubscriptionPeriod } from './subscription-charges.service';
import { periodColumns, requirePlanFor, startFor, termsOf } from './subscriptions-plan';
import {
  currentOf,
  isInForce,
  requireBillingManager,
  requireOwnSubscription,
  seasonStartOf,
  SUBSCRIPTION_NOT_FOUND,
  viewFor,
} from './subscriptions.service';
import {
  findSubscriptionRowByToken,
  updateSubscription,
  type SubscriptionRow,
} from './subscriptions.repository';

/** The spec's alert for a failed subscription change (accounts-devices-billing §8). */
export const UPDATE_REFUSED =
  'An error occurred updating subscription information. Please contact customer service.';
/** Wording ours: a cancelled profile is not changed (accounts-devices-billing §3, §4). */
export const SUBSCRIPTION_CANCELLED = 'This subscription was cancelled and cannot be changed.';

type Access = { callerId: number; subscriptionId: number };

async function requireManagedSubscription(ctx: AppContext, access: Access) {
  const user = await requireBillingManager(ctx, access.callerId);
  const row = await requireOwnSubscription(ctx, access);
  if (row.status === 'Cancelled') throw badRequest(SUBSCRIPTION_CANCELLED);
  return { user, row };
}

/** A new card from a nonce, when one is sent (card subscriptions only). */
async function newCardIfSent(
  ctx: AppContext,
  user: UserRow,
  row: SubscriptionRow,
  input: AddressInput & { PaymentNonce?: string | null | undefined; DeviceData?: string | null },
): Promise<VaultedCard | null> {
  if (row.payment_kind !== 'card' || !input.PaymentNonce) return null;
  return vaultCard(ctx, {
    user,
    nonce: input.PaymentNonce,
    deviceData: input.DeviceData,
    billingAddress: await cardAddress(ctx, user.id, input),
    refusal: UPDATE_REFUSED,
  });
}

/**
 * Writes a change and, when a card subscription's billing date has come, charges it at once; a
 * declined charge puts the subscription back as it was, lets the new card go and answers the
 * refusal. A replaced card is let go once nothing references it.
 */
async function applyAndCharge(
  ctx: AppContext,
  row: SubscriptionRow,
  values: Updateable<SubscriptionsTable>,
  card: VaultedCard | null,
): Promise<SubscriptionRow> {
  const changed = await updateSubscription(ctx.db, row.id, {
    ...values,
    ...(card && cardColumns(card)),
    ...(card && { customer_id: card.customerId }),
  });
  if (!changed) throw notFound(SUBSCRIPTION_NOT_FOUND);
  const today = billingToday(ctx);
  if (
    changed.payment_kind === 'card' &&
    changed.next_billing_date &&
    changed.next_billing_date <= today
  ) {
    const outcome = await withProcessor(() =>
      chargeSubscriptionPeriod(ctx, { subscriptionId: row.id, whileOwnerWaits: true }),
    );
    if (outcome.kind === 'declined') {
      await updateSubscription(ctx.db, row.id, restoreOf(row));
      if (card) await releaseCard(ctx, card.token);
      throw paymentRefused(UPDATE_REFUSED, outcome.errors);
    }
  }
  if (card) await releaseCard(ctx, row.payment_method_token);
  return await requireOwnSubscription(ctx, { callerId: row.user_id, subscriptionId: row.id });
}

/** The columns a change may touch, as they were. */
function restoreOf(row: SubscriptionRow): Updateable<SubscriptionsTable> {
  return {
    subscription_option_id: row.subscription_option_id,
    plan_type: row.plan_type,
    billing_amount_cents: row.billing_amount_cents,
    billing_frequency: row.billing_frequency,
    status: row.status,
    customer_id: row.customer_id,
    payment_method_token: row.payment_method_token,
    card_type: row.card_type,
    card_last4: row.card_last4,
    card_expiration_month: row.card_expiration_month,
    card_expiration_year: row.card_expiration_year,
    start_date: row.start_date,
    end_date: row.end_date,
    next_billing_date: row.next_billing_date,
    expiration_date: row.expiration_date,
    first_charge_discount_cents: row.first_charge_discount_cents,
    failed_attempts: row.failed_attempts,
    next_attempt_at: row.next_attempt_at,
  };
}

/**
 * The credit for paid seasonal days not yet used (accounts-devices-billing §9 "seasonal credit is
 * prorated by days per month"): from today (or the season's start, when later) through its end.
 */
function seasonalCredit(row: SubscriptionRow, today: IsoDate): number {
  if (row.plan_type !== 'Seasonal' || !row.last_payment_date || !row.end_date) return 0;
  const seasonStart = seasonStartOf(row);
  if (row.last_payment_date < seasonStart || row.end_date < today) return 0;
  return computeSeasonalCredit({
    monthlyAmount: cents(row.billing_amount_cents),
    from: seasonStart > today ? seasonStart : today,
    through: row.end_date as IsoDate,
  });
}

/**
 * Changes a subscription's plan (accounts-devices-billing §4): not while a seasonal one is in
 * season; the new plan starts by its start rules against the current one; paid seasonal days not
 * used are credited on the next charge; a nonce brings a new card.
 */
export async function changeSubscription(
  ctx: AppContext,
  access: Access & { input: SubscriptionChange },
): Promise<z.infer<typeof SubscriptionChanged>> {
  const { user, row } = await requireManagedSubscription(ctx, access);
  const { input } = access;
  const today = billingToday(ctx);
  if (
    row.plan_type === 'Seasonal' &&
    !canModifySeasonalSubscription({
      startDate: seasonStartOf(row),
      billingFrequency: row.billing_frequency,
      today,
    })
  ) {
    throw badRequest(SUBSCRIPTION_START_MESSAGES.seasonInProgress);
  }
  const userDevice = row.user_device_id
    ? await findUserDeviceRow(ctx.db, row.user_device_id)
    : undefined;
  if (!userDevice) throw badRequest('This subscription has no device.');
  const option = await requirePlanFor(ctx, userDevice, input.billingPlan);
  const start = startFor({
    option,
    requested: input.billingPlan.StartDate,
    current: currentOf(row),
    isNewDevice: false,
    today,
  });
  const credit = seasonalCredit(row, today);
  const card = await newCardIfSent(ctx, user, row, input);
  const period = periodColumns(option, start);
  const changed = await applyAndCharge(
    ctx,
    row,
    {
      ...period,
      status: 'Active',
      first_charge_discount_cents: period.first_charge_discount_cents + credit,
    },
    card,
  );
  return { ...viewFor(ctx, user, changed), Credit: (credit / 100).toFixed(2) };
}

/**
 * Suspends a subscription (accounts-devices-billing §4): inactive, running out on its next billing
 * date, billed no more. Suspending a suspended one answers it as it is.
 */
export async function suspendOwnSubscription(
  ctx: AppContext,
  access: Access,
): Promise<SubscriptionView> {
  const { user, row } = await requireManagedSubscription(ctx, access);
  if (!isInForce(row)) return viewFor(ctx, user, row);
  const suspended = suspendSubscription({
    isActive: true,
    isPending: false,
    status: row.status,
    expirationDate: row.expiration_date as IsoDate | null,
    nextBillingDate: row.next_billing_date as IsoDate | null,
  });
  const changed = await updateSubscription(ctx.db, row.id, {
    status: 'Suspended',
    expiration_date: suspended.expirationDate,
    next_attempt_at: null,
  });
  if (!changed) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return viewFor(ctx, user, changed);
}

/**
 * Reactivates a suspended subscription (accounts-devices-billing §4, card-vault variant): while
 * its paid service runs (expiration ahead) it resumes billing on its next billing date, with the
 * new card when a nonce comes; once expired it starts anew by its plan's start rules and, when that
 * start is today, is charged at once. One in force answers as it is.
 */
export async function reactivateOwnSubscription(
  ctx: AppContext,
  access: Access & {
    input: { PaymentNonce?: string | null | undefined; DeviceData?: string | null | undefined };
  },
): Promise<SubscriptionView> {
  const { user, row } = await requireManagedSubscription(ctx, access);
  if (isInForce(row)) return viewFor(ctx, user, row);
  const today = billingToday(ctx);
  const route = chooseReactivationRoute({
    expirationDate: row.expiration_date as IsoDate | null,
    today,
  });
  const { input } = access;
  if (row.payment_kind === 'card' && !row.payment_method_token && !input.PaymentNonce) {
    throw badRequest('PaymentNonce is required.');
  }
  // The paid service's end stays: the next charge moves it (the billing run).
  let values: Updateable<SubscriptionsTable> = { status: 'Active' };
  if (route === 'changeSubscription') {
    const terms = termsOf(row);
    const start = startFor({
      option: terms,
      requested: null,
      current: { ...currentOf(row), isActive: false },
      isNewDevice: false,
      today,
    });
    values = { ...values, ...periodColumns(terms, start) };
  }
  const card = await newCardIfSent(ctx, user, row, input);
  return viewFor(ctx, user, await applyAndCharge(ctx, row, values, card));
}

/** GET getPaymentNonce/?subscriptionToken: a nonce for the caller's vaulted card (§7). */
export async function getPaymentNonce(
  ctx: AppContext,
  { callerId, token }: { callerId: number; token: string },
): Promise<{ PaymentNonce: string }> {
  await requireBillingManager(ctx, callerId);
  const row = await findSubscriptionRowByToken(ctx.db, callerId, token);
  if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return { PaymentNonce: await withProcessor(() => ctx.payments.createNonceForCard(token)) };
}
