import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cents } from '@monitor/domain/shared/money';
import { PLAN_OPTIONS, renderBilling } from '../test/render-billing';
import { BillingTotals } from './billing-totals';

const ANNUAL = PLAN_OPTIONS[2]!;
const TAX = { tax: cents(792), isCalculating: false, error: null };

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });

describe('billing totals', () => {
  it('shows the total per unit and the grand total when one payment covers several units (accounts-devices-billing §4 multi-unit)', () => {
    renderBilling(<BillingTotals option={ANNUAL} salesTax={TAX} quantity={3} />);

    expect(within(row('Total per unit')).getByText('$106.92')).toBeInTheDocument();
    expect(within(row('Total for 3 units')).getByText('$320.76')).toBeInTheDocument();
  });

  it('shows one total for one unit', () => {
    renderBilling(<BillingTotals option={ANNUAL} salesTax={TAX} />);

    expect(within(row('Total')).getByText('$106.92')).toBeInTheDocument();
    expect(screen.queryByText(/per unit|units/)).not.toBeInTheDocument();
  });
});
