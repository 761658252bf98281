import { describe, expect, it } from 'vitest';
import { checkRangeEntry, clampToSlider, rangeEntryOf, sliderLimits } from './range-entry';

describe('range sliders and manual entry', () => {
  it.each([
    ['basic', 'F', 0, 100],
    ['basic', 'C', -17, 37],
    ['pro', 'F', -20, 100],
    ['pro', 'C', -28, 37],
    ['nist', 'F', -20, 100],
    ['nist', 'C', -28, 37],
  ] as const)(
    'ends the %s temperature slider in °%s at %i to %i (device-management §5)',
    (model, unit, min, max) => {
      expect(sliderLimits('TEMP', model, unit)).toEqual({ min, max });
      expect(sliderLimits('SP_TEMP', model, unit)).toEqual({ min, max });
    },
  );

  it('ends the humidity slider at 0 to 100 % whatever the model and unit', () => {
    expect(sliderLimits('HUMIDITY', 'pro', 'C')).toEqual({ min: 0, max: 100 });
  });

  it('places a hand-typed value beyond the slider at the slider end', () => {
    expect(clampToSlider(-40, { min: 0, max: 100 })).toBe(0);
    expect(clampToSlider(150, { min: 0, max: 100 })).toBe(100);
    expect(clampToSlider(50, { min: 0, max: 100 })).toBe(50);
  });

  it('stores a range entered in °C in °F (device-management §5)', () => {
    expect(
      checkRangeEntry('TEMP', { rangeMin: 5, rangeMax: 30 }, { model: 'basic', unit: 'C' }),
    ).toEqual({ isValid: true, stored: { rangeMin: 41, rangeMax: 86 } });
  });

  it.each([
    ['basic', 'F', -1, 'The lowest temperature this model takes is 0°F.'],
    ['basic', 'C', -18, 'The lowest temperature this model takes is -17°C.'],
    ['pro', 'F', -21, 'The lowest temperature this model takes is -20°F.'],
    ['pro', 'C', -30, 'The lowest temperature this model takes is -29°C.'],
    ['nist', 'F', -68, 'The lowest temperature this model takes is -67°F.'],
    ['nist', 'C', -56, 'The lowest temperature this model takes is -55°C.'],
  ] as const)(
    'refuses a %s low end below its minimum in °%s (device-management §5)',
    (model, unit, low, message) => {
      expect(checkRangeEntry('TEMP', { rangeMin: low, rangeMax: 50 }, { model, unit })).toEqual({
        isValid: false,
        message,
      });
    },
  );

  it('takes a NIST low end below the slider but above its minimum, typed by hand (device-management §5)', () => {
    const result = checkRangeEntry(
      'TEMP',
      { rangeMin: -60, rangeMax: 10 },
      { model: 'nist', unit: 'F' },
    );
    expect(result).toEqual({ isValid: true, stored: { rangeMin: -60, rangeMax: 10 } });
  });

  it('refuses values beyond the manual limits, -999 to 999 °F and -573 to 537 °C (device-management §5)', () => {
    expect(
      checkRangeEntry('TEMP', { rangeMin: 10, rangeMax: 1000 }, { model: 'pro', unit: 'F' }),
    ).toEqual({ isValid: false, message: 'Enter values from -999°F to 999°F.' });
    expect(
      checkRangeEntry('TEMP', { rangeMin: 10, rangeMax: 538 }, { model: 'pro', unit: 'C' }),
    ).toEqual({ isValid: false, message: 'Enter values from -573°C to 537°C.' });
  });

  it('refuses humidity beyond 0 to 100, a low end above the high end and an empty end', () => {
    expect(
      checkRangeEntry('HUMIDITY', { rangeMin: 10, rangeMax: 101 }, { model: 'basic', unit: 'F' }),
    ).toEqual({ isValid: false, message: 'Enter values from 0% to 100%.' });
    expect(
      checkRangeEntry('HUMIDITY', { rangeMin: 60, rangeMax: 50 }, { model: 'basic', unit: 'F' }),
    ).toEqual({ isValid: false, message: 'The low end must not be above the high end.' });
    expect(
      checkRangeEntry('TEMP', { rangeMin: '', rangeMax: 50 }, { model: 'basic', unit: 'F' }),
    ).toEqual({ isValid: false, message: 'Enter a number for both ends of the range.' });
  });
});

describe('a range edited in °C', () => {
  const before = { rangeMin: 40, rangeMax: 85 };

  it('shows 40 °F to 85 °F as 4.4 °C to 29.4 °C, not 4 °C to 29 °C (device-management §5)', () => {
    expect(rangeEntryOf('TEMP', before, 'C')).toEqual({ rangeMin: 4.4, rangeMax: 29.4 });
    expect(rangeEntryOf('HUMIDITY', { rangeMin: 10, rangeMax: 70 }, 'C')).toEqual({
      rangeMin: 10,
      rangeMax: 70,
    });
  });

  it('saves a range left as shown without moving it, where it drifted to 39.2 °F (device-management §5)', () => {
    const shown = rangeEntryOf('TEMP', before, 'C');
    expect(checkRangeEntry('TEMP', shown, { model: 'basic', unit: 'C', before })).toEqual({
      isValid: true,
      stored: before,
    });
  });

  it('converts only the end that changed', () => {
    expect(
      checkRangeEntry(
        'TEMP',
        { rangeMin: 4.4, rangeMax: 30 },
        { model: 'basic', unit: 'C', before },
      ),
    ).toEqual({ isValid: true, stored: { rangeMin: 40, rangeMax: 86 } });
  });

  it('lets a basic low end of 0 °F (-17.8 °C, below the -17 °C minimum) be saved unchanged (device-management §5)', () => {
    const stored = { rangeMin: 0, rangeMax: 100 };
    const shown = rangeEntryOf('TEMP', stored, 'C');
    expect(shown.rangeMin).toBe(-17.8);
    expect(checkRangeEntry('TEMP', shown, { model: 'basic', unit: 'C', before: stored })).toEqual({
      isValid: true,
      stored,
    });
    expect(
      checkRangeEntry('TEMP', { rangeMin: -17.9, rangeMax: 37 }, { model: 'basic', unit: 'C' }),
    ).toMatchObject({ isValid: false });
  });
});
