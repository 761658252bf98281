import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { mockApi } from '../../../test/mock-api';
import { defaultRangeSettings } from '../lib/wizard-rules';
import { SLOW, renderStep } from '../test/render-step';
import { DeviceRangesStep } from './device-ranges-step';

function setUp({ deviceType = 1, unit = 'F' }: { deviceType?: number; unit?: TempPref } = {}) {
  mockApi();
  const onNext = vi.fn();
  const onBack = vi.fn();
  const view = renderStep(
    <DeviceRangesStep
      deviceType={deviceType}
      unit={unit}
      initial={defaultRangeSettings(unit)}
      onBack={onBack}
      onNext={onNext}
      onDirtyChange={() => undefined}
    />,
  );
  return { ...view, onNext, onBack };
}

const temperature = () => screen.getByRole('group', { name: /Temperature alarm/ });
const humidity = () => screen.getByRole('group', { name: /Humidity alarm/ });

describe('DeviceRangesStep', () => {
  it('starts at 40–80 °F and 10–70 %, both alarms on (accounts-devices-billing §9)', async () => {
    const { user, onNext } = setUp();
    await screen.findByText('Temperature alarm (°F)', undefined, SLOW);
    expect(screen.getByLabelText('Low (°F)')).toHaveValue('40');
    expect(screen.getByLabelText('High (°F)')).toHaveValue('80');
    expect(screen.getByLabelText('Low (%)')).toHaveValue('10');
    expect(screen.getByLabelText('High (%)')).toHaveValue('70');
    expect(screen.getByLabelText('Temperature alarm on')).toBeChecked();
    expect(screen.getByLabelText('Humidity alarm on')).toBeChecked();
    expect(temperature()).toBeInTheDocument();
    expect(humidity()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledWith(defaultRangeSettings('F'));
  });

  it('shows the range in °C for a user who prefers Celsius: 40–80 °F is 4.4–26.7 °C (accounts-devices-billing §5, §9)', async () => {
    setUp({ unit: 'C' });
    await screen.findByText('Temperature alarm (°C)', undefined, SLOW);
    expect(screen.getByLabelText('Low (°C)')).toHaveValue('4.4');
    expect(screen.getByLabelText('High (°C)')).toHaveValue('26.7');
  });

  it('accepts a high end of 999°F and says the unit reads up to 100°F, so it will never alarm (accounts-devices-billing §5; device-management §5)', async () => {
    const { user, onNext } = setUp();
    const high = await screen.findByLabelText('High (°F)', undefined, SLOW);
    await user.clear(high);
    await user.type(high, '999');
    expect(
      screen.getByText(
        'This unit reads up to 100°F; a high end of 999°F will never raise an alarm.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledWith(
      expect.objectContaining({ temperature: { rangeMin: 40, rangeMax: 999 } }),
    );
  });

  it('refuses a temperature above 999 °F (accounts-devices-billing §5)', async () => {
    const { user, onNext } = setUp();
    const high = await screen.findByLabelText('High (°F)', undefined, SLOW);
    await user.clear(high);
    await user.type(high, '1000');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter values from -999°F to 999°F.',
    );
    expect(onNext).not.toHaveBeenCalled();
  });

  it('refuses a temperature above 537 °C (accounts-devices-billing §5)', async () => {
    const { user, onNext } = setUp({ unit: 'C' });
    const high = await screen.findByLabelText('High (°C)', undefined, SLOW);
    await user.clear(high);
    await user.type(high, '538');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter values from -573°C to 537°C.',
    );
    expect(onNext).not.toHaveBeenCalled();
  });

  it('refuses a low end above the high end (accounts-devices-billing §5)', async () => {
    const { user, onNext } = setUp();
    const low = await screen.findByLabelText('Low (%)', undefined, SLOW);
    await user.clear(low);
    await user.type(low, '90');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The low end must not be above the high end.',
    );
    expect(onNext).not.toHaveBeenCalled();
  });

  it('does not check a range whose alarm is switched off (accounts-devices-billing §4 "Alarms")', async () => {
    const { user, onNext } = setUp();
    const high = await screen.findByLabelText('High (°F)', undefined, SLOW);
    await user.clear(high);
    await user.type(high, '1000');
    await user.click(screen.getByLabelText('Temperature alarm on'));
    expect(high).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledWith(expect.objectContaining({ temperatureEnabled: false }));
  });

  it.each([8, 9, 10])(
    'has no humidity range for NIST type %i (accounts-devices-billing §4)',
    async (deviceType) => {
      setUp({ deviceType });
      await screen.findByText('Temperature alarm (°F)', undefined, SLOW);
      expect(screen.queryByText('Humidity alarm (%)')).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Humidity alarm on')).not.toBeInTheDocument();
    },
  );

  it('goes back a step (accounts-devices-billing §4 "Wizard")', async () => {
    const { user, onBack } = setUp();
    await user.click(await screen.findByRole('button', { name: 'Back' }, SLOW));
    expect(onBack).toHaveBeenCalled();
  });
});
