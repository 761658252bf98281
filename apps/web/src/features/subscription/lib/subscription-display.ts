import type { SubscriptionView } from '@monitor/contract/subscriptions';
import { CANCELLED_PROFILE, SUSPENDED_PROFILE } from '@monitor/domain/billing/subscription-status';
import { describeSubscriptionOption } from '@monitor/domain/billing/subscriptions';
import { dollarsToCents, formatCents } from '@monitor/domain/shared/money';

/** Filled, with a text colour chosen for contrast: shades that keep 4.5:1 (WCAG AA). */
export type StatusBadge = { label: string; color: string };

/**
 * How the status the server computed by the display rules (accounts-devices-billing §4) reads on
 * screen: Active, Suspended (SuspendedProfile too), Out of service, a pending one's own text, or
 * Cancelled for a cancelled profile.
 */
export function statusBadgeOf(status: string): StatusBadge {
  switch (status) {
    case 'Active':
      return { label: 'Active', color: 'teal.9' };
    case 'Suspended':
    case SUSPENDED_PROFILE:
      return { label: 'Suspended', color: 'yellow.5' };
    case 'OutOfService':
      return { label: 'Out of service', color: 'red.9' };
    case CANCELLED_PROFILE:
      return { label: 'Cancelled', color: 'gray.7' };
    default:
      return { label: status, color: 'blue.9' };
  }
}

/** Money the server sends as dollars text ("24.75"), shown with 2 decimals: "$24.75". */
export const formatAmount = (amount: string) => formatCents(dollarsToCents(Number(amount)));

/** 'Monthly: $24.75 per month' or 'Annual: $99.00 per year ($8.25 per month)' (§9). */
export function planLabelOf(
  subscription: Pick<SubscriptionView, 'SubscriptionType' | 'BillingAmount' | 'BillingFrequency'>,
): string {
  return describeSubscriptionOption({
    id: 0,
    planType: subscription.SubscriptionType,
    billingAmount: dollarsToCents(Number(subscription.BillingAmount)),
    billingFrequency: subscription.BillingFrequency,
    isSelectable: true,
  }).label;
}

/** 'Visa ending in 1111, expires 12/2030'; null when the subscription has no card. */
export function cardLabelOf(card: SubscriptionView['PaymentCard']): string | null {
  if (!card?.Last4) return null;
  const expiry =
    card.ExpirationMonth && card.ExpirationYear
      ? `, expires ${String(card.ExpirationMonth).padStart(2, '0')}/${card.ExpirationYear}`
      : '';
  return `${card.Type ?? 'Card'} ending in ${card.Last4}${expiry}`;
}
