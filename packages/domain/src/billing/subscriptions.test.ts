import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, dollarsToCents, formatCents } from '../shared/money';
import {
  ADVERTISED_MONTHLY_AMOUNT,
  computePlanSubtotal,
  describeSubscriptionOption,
  findLowestMonthlyAmount,
  orderSubscriptionOptions,
  PLAN_TYPES,
  SUBSCRIPTION_TAGLINE,
  type PlanType,
  type SubscriptionOption,
} from './subscriptions';

const option = (
  id: number,
  planType: PlanType,
  dollars: number,
  billingFrequency: number,
  isSelectable = true,
): SubscriptionOption => ({
  id,
  planType,
  billingAmount: dollarsToCents(dollars),
  billingFrequency,
  isSelectable,
});

const monthly = option(1, 'Monthly', 9.95, 1);
const seasonal = option(2, 'Seasonal', 9.95, 6);
const annual = option(3, 'Annual', 8.25, 12);

describe('orderSubscriptionOptions', () => {
  it('puts Monthly first and Annual last (accounts-devices-billing §9)', () => {
    expect(orderSubscriptionOptions([annual, seasonal, monthly]).map((o) => o.planType)).toEqual([
      'Monthly',
      'Seasonal',
      'Annual',
    ]);
    expect(PLAN_TYPES).toEqual(['Monthly', 'Seasonal', 'Annual']);
  });

  it('keeps options of one type in the order they came, and loses none', () => {
    const arb = fc.array(
      fc.record({
        id: fc.nat(),
        planType: fc.constantFrom<PlanType>('Monthly', 'Seasonal', 'Annual'),
      }),
    );
    fc.assert(
      fc.property(arb, (options) => {
        const ordered = orderSubscriptionOptions(options);
        expect(ordered).toHaveLength(options.length);
        for (const type of PLAN_TYPES) {
          expect(ordered.filter((o) => o.planType === type)).toEqual(
            options.filter((o) => o.planType === type),
          );
        }
        const ranks = ordered.map((o) => PLAN_TYPES.indexOf(o.planType));
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      }),
    );
  });
});

describe('computePlanSubtotal', () => {
  it('is the amount times the frequency, in cents (accounts-devices-billing §9)', () => {
    expect(computePlanSubtotal(annual)).toBe(9900);
    expect(computePlanSubtotal(seasonal)).toBe(5970);
    expect(computePlanSubtotal(monthly)).toBe(995);
  });
});

describe('describeSubscriptionOption', () => {
  it('shows the amounts with 2 decimals per billing frequency (accounts-devices-billing §9)', () => {
    expect(describeSubscriptionOption(annual)).toEqual({
      planType: 'Annual',
      monthlyAmount: '$8.25',
      periodAmount: '$99.00',
      period: 'year',
      label: 'Annual: $99.00 per year ($8.25 per month)',
    });
    expect(describeSubscriptionOption(seasonal).label).toBe(
      'Seasonal: $59.70 per 6 months ($9.95 per month)',
    );
    expect(describeSubscriptionOption(monthly).label).toBe('Monthly: $9.95 per month');
    expect(describeSubscriptionOption(option(4, 'Monthly', 10, 1)).periodAmount).toBe('$10.00');
  });
});

describe('advertised price', () => {
  it('reads "from as low as $8.25 per month, no long contracts" (accounts-devices-billing §9, store-and-public-site §9)', () => {
    expect(ADVERTISED_MONTHLY_AMOUNT).toBe(825);
    expect(SUBSCRIPTION_TAGLINE).toBe(
      'Subscription from as low as $8.25 per month, no long contracts.',
    );
  });

  it('finds the lowest monthly rate among selectable options only', () => {
    expect(findLowestMonthlyAmount([monthly, seasonal, annual])).toBe(825);
    expect(findLowestMonthlyAmount([monthly, option(5, 'Annual', 5, 12, false)])).toBe(995);
    expect(findLowestMonthlyAmount([])).toBeNull();
    expect(formatCents(findLowestMonthlyAmount([annual]) ?? cents(0))).toBe('$8.25');
  });
});
