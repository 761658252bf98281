import type { SubscriptionView } from '@monitor/contract/subscriptions';
import { addDays, addMonths, type IsoDate } from '@monitor/domain/shared/calendar-date';
import {
  CANCELLED_PROFILE,
  computeSubscriptionStatus,
} from '@monitor/domain/billing/subscription-status';
import type { CurrentSubscription } from '@monitor/domain/billing/subscription-start';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../platform/errors';
import { findUserById, type UserRow } from '../accounts/users.repository';
import { billingToday } from './billing-day';
import { toAmount } from './subscription-options.service';
import { findSubscriptionRow, type SubscriptionRow } from './subscriptions.repository';

/**
 * What every subscription call shares: who may manage billing, the caller's own subscription, and
 * the management view with its displayed status (accounts-devices-billing §3, §4, §6).
 */

export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found.';
/** Wording ours: the spec gives sub-accounts no billing rights (accounts-devices-billing §6). */
export const SUB_ACCOUNT_BILLING = 'Only the account owner can manage billing and subscriptions.';

/** The caller as a billing manager: a parent account (a sub-account manages no billing, §6). */
export async function requireBillingManager(ctx: AppContext, callerId: number): Promise<UserRow> {
  const user = await findUserById(ctx.db, callerId);
  if (!user) throw notFound('User not found.');
  if (user.parent_id !== null) throw forbidden(SUB_ACCOUNT_BILLING);
  return user;
}

/** The caller's subscription: 404 when there is none, 403 when it is another user's (as devices). */
export async function requireOwnSubscription(
  ctx: AppContext,
  { callerId, subscriptionId }: { callerId: number; subscriptionId: number },
): Promise<SubscriptionRow> {
  const row = await findSubscriptionRow(ctx.db, subscriptionId);
  if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
  if (row.user_id !== callerId) throw forbidden();
  return row;
}

const day = (value: string | null) => value as IsoDate | null;

export const isInForce = (row: Pick<SubscriptionRow, 'status'>) =>
  row.status === 'Active' || row.status === 'PastDue';

/** The next billing date of an invoice subscription being invoiced, else null (§4 "invoiced check"). */
export function invoicedNextBillingDate(row: SubscriptionRow): string | null {
  return row.payment_kind === 'invoice' && isInForce(row) ? row.next_billing_date : null;
}

/**
 * The status the screens show (accounts-devices-billing §4): the domain's display rules; a
 * cancelled profile shows CancelledProfile, a suspended billable one SuspendedProfile.
 */
export function displayStatus(row: SubscriptionRow, today: IsoDate, isBillable: boolean): string {
  if (row.status === 'Cancelled') return CANCELLED_PROFILE;
  const shown = computeSubscriptionStatus({
    subscription: {
      isActive: isInForce(row),
      isPending: row.status === 'Pending',
      status: row.status,
      expirationDate: day(row.expiration_date),
      nextBillingDate: day(row.next_billing_date),
    },
    today,
    isBillable,
    invoicedNextBillingDate: day(invoicedNextBillingDate(row)),
  });
  return shown.profileStatus ?? shown.label;
}

/** The management view (§3): the card shows only its type, last 4 and expiry. */
export function toSubscriptionView(
  row: SubscriptionRow,
  { today, isBillable }: { today: IsoDate; isBillable: boolean },
): SubscriptionView {
  return {
    Id: row.id,
    UserId: row.user_id,
    UserDeviceId: row.user_device_id,
    Active: isInForce(row),
    Pending: row.status === 'Pending',
    Status: displayStatus(row, today, isBillable),
    ExpirationDate: row.expiration_date,
    NextBillingDate: row.next_billing_date,
    PaymentStartDate: row.start_date,
    EndDate: row.end_date,
    SubscriptionType: row.plan_type,
    BillingAmount: toAmount(row.billing_amount_cents),
    BillingFrequency: row.billing_frequency,
    PaymentCard:
      row.payment_kind === 'card'
        ? {
            Type: row.card_type,
            Last4: row.card_last4,
            ExpirationMonth: row.card_expiration_month,
            ExpirationYear: row.card_expiration_year,
          }
        : null,
  };
}

/** The view for the caller, who owns the row: today and their billed-user flag. */
export function viewFor(ctx: AppContext, user: UserRow, row: SubscriptionRow): SubscriptionView {
  return toSubscriptionView(row, { today: billingToday(ctx), isBillable: user.billing_type !== 0 });
}

/** GET getSubscription/?subscriptionId: the caller's subscription, management view. */
export async function getSubscription(
  ctx: AppContext,
  { callerId, subscriptionId }: { callerId: number; subscriptionId: number },
): Promise<SubscriptionView> {
  const row = await requireOwnSubscription(ctx, { callerId, subscriptionId });
  const user = await findUserById(ctx.db, callerId);
  return toSubscriptionView(row, {
    today: billingToday(ctx),
    isBillable: (user?.billing_type ?? 0) !== 0,
  });
}

/**
 * The start of a seasonal subscription's current season: the billing run moves its end to each
 * season it charges, so the start is that end's day after, less the season's months.
 */
export function seasonStartOf(row: SubscriptionRow): IsoDate {
  return row.end_date
    ? addMonths(addDays(row.end_date as IsoDate, 1), -row.billing_frequency)
    : (row.start_date as IsoDate);
}

/**
 * What the start rules need of a subscription being replaced (accounts-devices-billing §4): in
 * force or not, its season's start (seasonal only), the end of its paid period (the day before
 * its next billing date) and its next billing date.
 */
export function currentOf(row: SubscriptionRow | undefined): CurrentSubscription {
  if (!row) {
    return {
      isActive: false,
      startDate: null,
      endDate: null,
      nextBillingDate: null,
      billingFrequency: 1,
    };
  }
  const next = day(row.next_billing_date);
  return {
    isActive: isInForce(row),
    startDate: row.plan_type === 'Seasonal' ? seasonStartOf(row) : null,
    endDate: row.plan_type === 'Seasonal' ? day(row.end_date) : next ? addDays(next, -1) : null,
    nextBillingDate: next,
    billingFrequency: row.billing_frequency,
  };
}
