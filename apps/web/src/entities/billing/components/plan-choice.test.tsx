import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { IsoDate } from '@monitor/domain/shared/calendar-date';
import { mockApi } from '../../../test/mock-api';
import type { PlanSelection } from '../lib/plans';
import { PLAN_OPTIONS, renderBilling } from '../test/render-billing';
import { PlanChoice } from './plan-choice';

const TODAY = '2026-11-25' as IsoDate;

function Harness({
  isNewDevice,
  nextBillingDate,
  onChange = () => undefined,
}: {
  isNewDevice: boolean;
  nextBillingDate?: string;
  onChange?: (selection: PlanSelection) => void;
}) {
  const [value, setValue] = useState<PlanSelection | null>(null);
  return (
    <PlanChoice
      options={PLAN_OPTIONS}
      value={value}
      onChange={(selection) => {
        setValue(selection);
        onChange(selection);
      }}
      isNewDevice={isNewDevice}
      nextBillingDate={nextBillingDate}
      today={TODAY}
    />
  );
}

/** Opens the season start calendar and counts the months the given arrow can move. */
async function countMonths(
  user: ReturnType<typeof renderBilling>['user'],
  direction: 'Previous month' | 'Next month',
) {
  let moves = 0;
  for (;;) {
    const button = screen.getByRole('button', { name: direction });
    if (button.hasAttribute('disabled') || button.getAttribute('data-disabled') === 'true') break;
    await user.click(button);
    moves += 1;
    if (moves > 24) break;
  }
  return moves;
}

describe('plan choice', () => {
  it('offers Monthly first and Annual last with amounts of 2 decimals per frequency (accounts-devices-billing §9)', async () => {
    mockApi();
    renderBilling(<Harness isNewDevice />);
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual([
      'Monthly, $9.95 / month',
      'Seasonal, $59.70 / 6 months',
      'Annual, $99.00 / year',
    ]);
    expect(within(radios[2]!).getByText('$8.25 a month')).toBeInTheDocument();
  });

  it('answers the chosen plan, with a start day only for a seasonal plan (accounts-devices-billing §3)', async () => {
    mockApi();
    const onChange = vi.fn();
    const { user } = renderBilling(<Harness isNewDevice onChange={onChange} />);
    await user.click(await screen.findByRole('radio', { name: /^Annual/ }));
    expect(onChange).toHaveBeenLastCalledWith({ option: PLAN_OPTIONS[2], startDate: null });
    expect(screen.queryByLabelText('Season start date')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^Seasonal/ }));
    expect(onChange).toHaveBeenLastCalledWith({ option: PLAN_OPTIONS[1], startDate: TODAY });
    expect(screen.getByRole('radio', { name: /^Seasonal/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it("lets a new device's season start from 6 months back to 9 months ahead (accounts-devices-billing §5)", async () => {
    mockApi();
    const { user } = renderBilling(<Harness isNewDevice />);
    await user.click(await screen.findByRole('radio', { name: /^Seasonal/ }));
    await user.click(screen.getByRole('button', { name: 'Season start date' }));
    expect(await countMonths(user, 'Previous month')).toBe(6);
    expect(screen.getByText('May 2026')).toBeInTheDocument();
    expect(await countMonths(user, 'Next month')).toBe(15);
    expect(screen.getByText('August 2027')).toBeInTheDocument();
  });

  it("starts an existing subscription's season no earlier than its next billing date, up to 9 months on (accounts-devices-billing §5)", async () => {
    mockApi();
    const onChange = vi.fn();
    const { user } = renderBilling(
      <Harness isNewDevice={false} nextBillingDate="2026-12-10" onChange={onChange} />,
    );
    await user.click(await screen.findByRole('radio', { name: /^Seasonal/ }));
    expect(onChange).toHaveBeenLastCalledWith({ option: PLAN_OPTIONS[1], startDate: '2026-12-10' });
    await user.click(screen.getByRole('button', { name: 'Season start date' }));
    expect(await countMonths(user, 'Previous month')).toBe(0);
    expect(await countMonths(user, 'Next month')).toBe(9);
    expect(screen.getByText('September 2027')).toBeInTheDocument();
  });
});
