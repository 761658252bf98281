import { applyPromotedFreeMonths } from '@monitor/domain/billing/subscription-charges';
import {
  computeSeasonalEndDate,
  computeSeasonalStartRange,
  computeSubscriptionStart,
  type CurrentSubscription,
} from '@monitor/domain/billing/subscription-start';
import { cents } from '@monitor/domain/shared/money';
import { isWithinRange, parseIsoDate, type IsoDate } from '@monitor/domain/shared/calendar-date';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/errors';
import type { DeviceRow } from '../devices/device-lookup.repository';
import {
  findSubscriptionOptionRow,
  type SubscriptionOptionRow,
} from './subscription-options.repository';
import { planTenantOf } from './subscription-options.service';

/** What the start and period rules read of a plan: an option, or a running subscription's copy. */
export type PlanTerms = Pick<
  SubscriptionOptionRow,
  'plan_type' | 'billing_amount_cents' | 'billing_frequency' | 'free_months' | 'free_months_method'
> & { id: number | null };

/**
 * A running subscription's plan, without promoted months (those come with the first start): its
 * monthly amount less the pucks' part (`puck_monthly_cents`), which `periodColumns` puts back.
 */
export function termsOf(row: {
  subscription_option_id: number | null;
  plan_type: SubscriptionOptionRow['plan_type'];
  billing_amount_cents: number;
  billing_frequency: number;
  puck_monthly_cents: number;
}): PlanTerms {
  return {
    id: row.subscription_option_id,
    plan_type: row.plan_type,
    billing_amount_cents: row.billing_amount_cents - row.puck_monthly_cents,
    billing_frequency: row.billing_frequency,
    free_months: 0,
    free_months_method: 'AFTER',
  };
}

/** A plan as a subscription request names it (§3 "billingPlan"). */
export type RequestedPlan = { Id: number; PlanType: string; StartDate?: string | null | undefined };

/**
 * The plan named for a device: one of its plan tenant's options (accounts-devices-billing §4), of
 * the type named; anything else is a 400 naming the field.
 */
export async function requirePlanFor(
  ctx: AppContext,
  device: Pick<DeviceRow, 'device_type' | 'tenant_id'>,
  plan: RequestedPlan,
): Promise<SubscriptionOptionRow> {
  const option = await findSubscriptionOptionRow(ctx.db, plan.Id);
  if (!option || option.tenant_id !== planTenantOf(device) || !option.is_selectable) {
    throw badRequest('billingPlan.Id: this plan is not offered for this device.');
  }
  if (option.plan_type !== plan.PlanType) {
    throw badRequest(`billingPlan.PlanType: plan ${option.id} is a ${option.plan_type} plan.`);
  }
  return option;
}

/**
 * The start of a subscription on `option` (accounts-devices-billing §4, §5): a seasonal start
 * picked in the picker's range, else the start rules of the plan type against what it replaces.
 */
export function startFor(input: {
  option: PlanTerms;
  requested: string | null | undefined;
  current: CurrentSubscription;
  isNewDevice: boolean;
  today: IsoDate;
}): IsoDate {
  const { option, requested, current, isNewDevice, today } = input;
  if (option.plan_type === 'Seasonal' && requested) {
    const picked = parseIsoDate(requested);
    if (!picked) throw badRequest('billingPlan.StartDate: enter a date as YYYY-MM-DD.');
    const range = computeSeasonalStartRange({
      today,
      isNewDevice,
      nextBillingDate: current.nextBillingDate,
    });
    if (!isWithinRange(picked, range)) {
      throw badRequest(
        `billingPlan.StartDate: choose a start date from ${range.min} to ${range.max}.`,
      );
    }
    return picked;
  }
  const start = computeSubscriptionStart({ planType: option.plan_type, current, today });
  if (!start.isKnown) throw badRequest(start.message);
  return start.startDate;
}

/**
 * The billing columns of a period on `option` from `start`: a seasonal end (start plus its months
 * less a day, §4), the first billing date and discount of promoted free months (§4). The monthly
 * amount is the plan's plus the unit's pucks' part (`puckMonthlyCents`, kept as it was: decision
 * 036 "SPuck billing"); the promoted discount is of the plan's part only.
 */
export function periodColumns(
  option: PlanTerms,
  start: IsoDate,
  { puckMonthlyCents = 0 }: { puckMonthlyCents?: number } = {},
) {
  const promoted =
    option.free_months === 0
      ? null
      : applyPromotedFreeMonths({
          freeMonths: option.free_months,
          method: option.free_months_method,
          startDate: start,
          billingFrequency: option.billing_frequency,
          monthlyAmount: cents(option.billing_amount_cents),
        });
  return {
    subscription_option_id: option.id,
    plan_type: option.plan_type,
    billing_amount_cents: option.billing_amount_cents + puckMonthlyCents,
    billing_frequency: option.billing_frequency,
    start_date: start,
    end_date:
      option.plan_type === 'Seasonal'
        ? computeSeasonalEndDate(start, option.billing_frequency)
        : null,
    next_billing_date: promoted?.firstBillingDate ?? start,
    first_charge_discount_cents: promoted?.discount ?? 0,
    // AFTER: the first period is charged on the start day; the months off come after it.
    free_months_after:
      option.free_months > 0 && option.free_months_method === 'AFTER' ? option.free_months : 0,
  };
}
