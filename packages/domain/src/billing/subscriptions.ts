import { cents, formatCents, multiplyCents, type Cents } from '../shared/money';

/** The three plan types (accounts-devices-billing §3 "Billing plan option"). */
export type PlanType = 'Monthly' | 'Annual' | 'Seasonal';

/** The plan types in picker order (accounts-devices-billing §9). */
export const PLAN_TYPES: readonly PlanType[] = ['Monthly', 'Seasonal', 'Annual'];

/**
 * A plan a device may be subscribed to (accounts-devices-billing §3 "Billing plan option").
 * `billingAmount` is the monthly rate and `billingFrequency` the months billed at once, so an
 * annual plan at $8.25 a month is charged $99.00 a year (§9: "from as low as $8.25 per month";
 * "tax subtotal is amount times frequency").
 */
export type SubscriptionOption = {
  id: number;
  planType: PlanType;
  billingAmount: Cents;
  billingFrequency: number;
  isSelectable: boolean;
};

/** The advertised lowest monthly rate (accounts-devices-billing §9, store-and-public-site §9). */
export const ADVERTISED_MONTHLY_AMOUNT = cents(825);

/** The advertising line of both documents' §9. */
export const SUBSCRIPTION_TAGLINE = `Subscription from as low as ${formatCents(ADVERTISED_MONTHLY_AMOUNT)} per month, no long contracts.`;

const PLAN_ORDER: Readonly<Record<PlanType, number>> = { Monthly: 0, Seasonal: 1, Annual: 2 };

/**
 * Puts the options in the order the plan picker shows them: Monthly first, Annual last, Seasonal
 * between (accounts-devices-billing §9); options of one type keep the order they came in.
 */
export function orderSubscriptionOptions<T extends Pick<SubscriptionOption, 'planType'>>(
  options: readonly T[],
): T[] {
  return options
    .map((option, index) => ({ option, index }))
    .sort(
      (a, b) => PLAN_ORDER[a.option.planType] - PLAN_ORDER[b.option.planType] || a.index - b.index,
    )
    .map(({ option }) => option);
}

/**
 * What one billing period costs before tax: the monthly amount times the months billed at once
 * (accounts-devices-billing §9 "tax subtotal is amount times frequency").
 */
export function computePlanSubtotal(
  option: Pick<SubscriptionOption, 'billingAmount' | 'billingFrequency'>,
): Cents {
  return multiplyCents(option.billingAmount, option.billingFrequency);
}

export type SubscriptionOptionDisplay = {
  planType: PlanType;
  /** The monthly rate with 2 decimals: '$8.25'. */
  monthlyAmount: string;
  /** What each billing charges with 2 decimals: '$99.00'. */
  periodAmount: string;
  /** 'month', 'year' or '6 months'. */
  period: string;
  /** 'Annual: $99.00 per year ($8.25 per month)'. */
  label: string;
};

function periodName(months: number): string {
  if (months === 1) return 'month';
  if (months === 12) return 'year';
  return `${months} months`;
}

/**
 * How the plan picker shows an option: both amounts with 2 decimals, per its billing frequency
 * (accounts-devices-billing §9 "plan amounts show 2 decimals per frequency").
 */
export function describeSubscriptionOption(option: SubscriptionOption): SubscriptionOptionDisplay {
  const monthlyAmount = formatCents(option.billingAmount);
  const periodAmount = formatCents(computePlanSubtotal(option));
  const period = periodName(option.billingFrequency);
  const perMonth = option.billingFrequency === 1 ? '' : ` (${monthlyAmount} per month)`;
  return {
    planType: option.planType,
    monthlyAmount,
    periodAmount,
    period,
    label: `${option.planType}: ${periodAmount} per ${period}${perMonth}`,
  };
}

/** The lowest selectable monthly rate, or null (accounts-devices-billing §9 "from as low as"). */
export function findLowestMonthlyAmount(options: readonly SubscriptionOption[]): Cents | null {
  const amounts = options.filter((o) => o.isSelectable).map((o) => o.billingAmount);
  return amounts.length === 0 ? null : cents(Math.min(...amounts));
}
