import type { BillingPlanOption, SubscriptionView } from '@monitor/contract/subscriptions';
import {
  computeSubscriptionStart,
  type CurrentSubscription,
} from '@monitor/domain/billing/subscription-start';
import {
  addDays,
  addMonths,
  parseIsoDate,
  type IsoDate,
} from '@monitor/domain/shared/calendar-date';

/** What the start rules need of the old subscription, as the server reads it (§4). */
export function currentOfView(view: SubscriptionView): CurrentSubscription {
  const next = parseIsoDate(view.NextBillingDate);
  const end = parseIsoDate(view.EndDate);
  const isSeasonal = view.SubscriptionType === 'Seasonal';
  return {
    isActive: view.Active,
    startDate:
      isSeasonal && end
        ? addMonths(addDays(end, 1), -view.BillingFrequency)
        : isSeasonal
          ? parseIsoDate(view.PaymentStartDate)
          : null,
    endDate: isSeasonal ? end : next ? addDays(next, -1) : null,
    nextBillingDate: next,
    billingFrequency: view.BillingFrequency,
  };
}

/**
 * The day the new card subscription starts (accounts-devices-billing §4 "compute the new start date
 * by plan type"): a picked seasonal start, else the start rule of the plan against the old
 * subscription. Null when the rule refuses (a seasonal period that has ended), with its message.
 */
export function computeConvertStart(input: {
  option: BillingPlanOption;
  startDate: IsoDate | null;
  old: SubscriptionView;
  today: IsoDate;
}): { startDate: IsoDate | null; message: string | null } {
  const { option, startDate, old, today } = input;
  if (option.PlanType === 'Seasonal' && startDate) return { startDate, message: null };
  const start = computeSubscriptionStart({
    planType: option.PlanType,
    current: currentOfView(old),
    today,
  });
  return start.isKnown
    ? { startDate: start.startDate, message: null }
    : { startDate: null, message: start.message };
}
