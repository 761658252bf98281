import type { BillingPlanOption } from '@monitor/contract/subscriptions';
import {
  computePlanSubtotal,
  describeSubscriptionOption,
  type SubscriptionOption,
} from '@monitor/domain/billing/subscriptions';
import type { IsoDate } from '@monitor/domain/shared/calendar-date';
import { dollarsToCents, type Cents } from '@monitor/domain/shared/money';

/** A plan the server offers, read into the domain's option (amounts in cents). */
export function toSubscriptionOption(option: BillingPlanOption): SubscriptionOption {
  return {
    id: option.Id,
    planType: option.PlanType,
    billingAmount: dollarsToCents(Number(option.BillingAmount)),
    billingFrequency: option.BillingFrequency,
    isSelectable: option.Selectable,
  };
}

/** '$8.25 / month', '$99.00 / year', '$49.50 / 6 months' (accounts-devices-billing §9). */
export function formatPlanAmount(option: BillingPlanOption): string {
  const display = describeSubscriptionOption(toSubscriptionOption(option));
  return `${display.periodAmount} / ${display.period}`;
}

/** '$8.25 a month' under a plan billed for several months at once; null for a monthly plan. */
export function formatMonthlyRate(option: BillingPlanOption): string | null {
  if (option.BillingFrequency === 1) return null;
  return `${describeSubscriptionOption(toSubscriptionOption(option)).monthlyAmount} a month`;
}

/** What one billing period costs before tax: amount × frequency (§9). */
export function planSubtotal(option: BillingPlanOption): Cents {
  return computePlanSubtotal(toSubscriptionOption(option));
}

/** The plan the user picked and, for a seasonal plan, the start day they chose (§5 picker). */
export type PlanSelection = { option: BillingPlanOption; startDate: IsoDate | null };

/** The `billingPlan` of a subscription request or change (§3). */
export function toBillingPlan(selection: PlanSelection): {
  Id: number;
  PlanType: BillingPlanOption['PlanType'];
  StartDate: IsoDate | null;
} {
  return {
    Id: selection.option.Id,
    PlanType: selection.option.PlanType,
    StartDate: selection.option.PlanType === 'Seasonal' ? selection.startDate : null,
  };
}
