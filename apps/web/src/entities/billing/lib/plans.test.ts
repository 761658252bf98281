import { describe, expect, it } from 'vitest';
import { PLAN_OPTIONS } from '../test/render-billing';
import { formatPlanAmount, planSubtotal, toBillingPlan } from './plans';
import type { IsoDate } from '@monitor/domain/shared/calendar-date';

describe('plans', () => {
  it('shows amounts with 2 decimals per billing frequency (accounts-devices-billing §9)', () => {
    expect(PLAN_OPTIONS.map(formatPlanAmount)).toEqual([
      '$9.95 / month',
      '$59.70 / 6 months',
      '$99.00 / year',
    ]);
  });

  it('makes the subtotal the amount times the frequency (accounts-devices-billing §9)', () => {
    expect(planSubtotal(PLAN_OPTIONS[2]!)).toBe(9900);
    expect(planSubtotal(PLAN_OPTIONS[1]!)).toBe(5970);
  });

  it('sends a start date only with a seasonal plan (accounts-devices-billing §3)', () => {
    const day = '2027-03-01' as IsoDate;
    expect(toBillingPlan({ option: PLAN_OPTIONS[1]!, startDate: day })).toEqual({
      Id: 2,
      PlanType: 'Seasonal',
      StartDate: day,
    });
    expect(toBillingPlan({ option: PLAN_OPTIONS[0]!, startDate: day }).StartDate).toBeNull();
  });
});
