import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  celsius,
  celsiusToFahrenheit,
  DEFAULT_TEMP_PREF,
  fahrenheit,
  fahrenheitToCelsius,
  formatTemperature,
  fromStoredFahrenheit,
  parseTempPref,
  roundTo,
  toEnteredTemperature,
  toStoredFahrenheit,
  toStoredFromEntry,
} from './temperature';

describe('parseTempPref', () => {
  it('defaults to F and reads only C as Celsius (accounts-devices-billing §9)', () => {
    expect(DEFAULT_TEMP_PREF).toBe('F');
    expect(parseTempPref('C')).toBe('C');
    expect(parseTempPref('F')).toBe('F');
    expect(parseTempPref('c')).toBe('F');
    expect(parseTempPref(null)).toBe('F');
    expect(parseTempPref(undefined)).toBe('F');
  });
});

describe('fahrenheitToCelsius and celsiusToFahrenheit', () => {
  it('converts the fixed points of water and the crossing at -40', () => {
    expect(fahrenheitToCelsius(fahrenheit(32))).toBe(0);
    expect(fahrenheitToCelsius(fahrenheit(212))).toBe(100);
    expect(celsiusToFahrenheit(celsius(100))).toBe(212);
    expect(celsiusToFahrenheit(celsius(-40))).toBe(-40);
  });

  it('gives the spec Celsius slider ends from the Fahrenheit ones (device-management §5)', () => {
    // F 0 → -17.8 °C, F 100 → 37.8 °C, F -20 → -28.9 °C: the spec keeps the whole degrees inside.
    expect(Math.trunc(fahrenheitToCelsius(fahrenheit(0)))).toBe(-17);
    expect(Math.trunc(fahrenheitToCelsius(fahrenheit(100)))).toBe(37);
    expect(Math.trunc(fahrenheitToCelsius(fahrenheit(-20)))).toBe(-28);
    expect(fahrenheitToCelsius(fahrenheit(-67))).toBe(-55);
  });

  it('round-trips any temperature to within floating-point noise', () => {
    fc.assert(
      fc.property(fc.double({ min: -1000, max: 1000, noNaN: true }), (value) => {
        const back = celsiusToFahrenheit(fahrenheitToCelsius(fahrenheit(value)));
        expect(Math.abs(back - value)).toBeLessThan(1e-9);
      }),
    );
  });
});

describe('roundTo', () => {
  it('rounds half away from zero and never answers -0', () => {
    expect(roundTo(2.5)).toBe(3);
    expect(roundTo(-2.5)).toBe(-3);
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(Object.is(roundTo(-0.2), 0)).toBe(true);
  });
});

describe('toStoredFahrenheit and fromStoredFahrenheit', () => {
  it('stores Celsius as Fahrenheit (device-management §5 "Celsius values are converted to F for storage")', () => {
    expect(toStoredFahrenheit(20, 'C')).toBe(68);
    expect(toStoredFahrenheit(21, 'C')).toBe(69.8);
    expect(toStoredFahrenheit(-17, 'C')).toBe(1.4);
    expect(toStoredFahrenheit(72, 'F')).toBe(72);
    expect(toStoredFahrenheit(72.46, 'F')).toBe(72.5);
  });

  it('shows a stored value in the preferred unit as a whole number by default (device-management §9)', () => {
    expect(fromStoredFahrenheit(fahrenheit(72.4), 'F')).toBe(72);
    expect(fromStoredFahrenheit(fahrenheit(72.4), 'C')).toBe(22);
    expect(fromStoredFahrenheit(fahrenheit(72.4), 'C', 1)).toBe(22.4);
    expect(formatTemperature(fahrenheit(-0.4), 'F')).toBe('0°F');
    expect(formatTemperature(fahrenheit(50), 'C', 1)).toBe('10.0°C');
  });

  it('gives back every whole Celsius value a user can type (round-trip within rounding)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -573, max: 537 }), (value) => {
        expect(fromStoredFahrenheit(toStoredFahrenheit(value, 'C'), 'C')).toBe(value);
      }),
    );
  });

  it('gives back every one-decimal Celsius value', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5730, max: 5370 }), (tenths) => {
        const value = tenths / 10;
        expect(fromStoredFahrenheit(toStoredFahrenheit(value, 'C'), 'C', 1)).toBe(value);
      }),
    );
  });

  it('keeps a Fahrenheit value shown in Celsius and entered again within one degree F', () => {
    fc.assert(
      fc.property(fc.integer({ min: -999, max: 999 }), (value) => {
        const shown = fromStoredFahrenheit(fahrenheit(value), 'C');
        expect(Math.abs(toStoredFahrenheit(shown, 'C') - value)).toBeLessThanOrEqual(0.9 + 1e-9);
      }),
    );
  });

  it('keeps Fahrenheit values to one decimal unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: -9990, max: 9990 }), (tenths) => {
        const value = tenths / 10;
        expect(toStoredFahrenheit(value, 'F')).toBe(value);
        expect(fromStoredFahrenheit(fahrenheit(value), 'F', 1)).toBe(value);
      }),
    );
  });
});

describe('range ends as edited and stored', () => {
  it('shows 40 °F as 4.4 °C, not 4 °C (device-management §5)', () => {
    expect(toEnteredTemperature(fahrenheit(40), 'C')).toBe(4.4);
    expect(toEnteredTemperature(fahrenheit(69.8), 'F')).toBe(69.8);
  });

  it('keeps 40 °F when 4.4 °C is saved unchanged, where converting would write 39.9 °F (device-management §5)', () => {
    expect(toStoredFromEntry(4.4, 'C', fahrenheit(40))).toBe(40);
    expect(toStoredFromEntry(4.4, 'C')).toBe(39.9);
    expect(toStoredFromEntry(5, 'C', fahrenheit(40))).toBe(41);
  });

  it('never moves a stored one-decimal °F value saved unchanged in either unit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -9990, max: 9990 }),
        fc.constantFrom('F' as const, 'C' as const),
        (tenths, unit) => {
          const stored = fahrenheit(tenths / 10);
          expect(toStoredFromEntry(toEnteredTemperature(stored, unit), unit, stored)).toBe(stored);
        },
      ),
    );
  });

  it('brings every one-decimal °C entry back unchanged once stored', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5730, max: 5370 }), (tenths) => {
        const entered = tenths / 10;
        expect(toEnteredTemperature(toStoredFromEntry(entered, 'C'), 'C')).toBe(entered);
      }),
    );
  });
});
