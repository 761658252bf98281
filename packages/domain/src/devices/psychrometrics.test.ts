import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeDewPoint,
  computeDewPointCelsius,
  computeWetBulb,
  computeWetBulbCelsius,
  dewPointInUnit,
  isWithinStullRange,
  wetBulbInUnit,
} from './psychrometrics';
import { celsius, celsiusToFahrenheit, fahrenheit } from '../shared/temperature';

describe('computeWetBulbCelsius (Stull 2011)', () => {
  it('gives 13.7 °C for 20 °C at 50 % RH, the worked example in Stull (2011), J. Appl. Meteor. Climatol. 50, 2267', () => {
    expect(computeWetBulbCelsius(celsius(20), 50)).toBeCloseTo(13.7, 1);
  });

  it('comes close to the air temperature near saturation, as a wet bulb must', () => {
    // Stull's fit is within about 1 °C over its range; at 99 % the depression is a fraction of a degree.
    expect(computeWetBulbCelsius(celsius(25), 99)).toBeCloseTo(24.9, 1);
    expect(computeWetBulbCelsius(celsius(20), 100)).toBe(20);
  });

  it('never answers above the air temperature, even at the cold and dry edge of the fit', () => {
    // The raw formula gives -17.6 °C for -20 °C at 5 %: outside what a wet bulb can be.
    expect(computeWetBulbCelsius(celsius(-20), 5)).toBe(-20);
    fc.assert(
      fc.property(
        fc.double({ min: -40, max: 60, noNaN: true }),
        fc.double({ min: 1, max: 100, noNaN: true }),
        (t, rh) => {
          const tw = computeWetBulbCelsius(celsius(t), rh);
          expect(tw).not.toBeNull();
          expect(tw!).toBeLessThanOrEqual(t);
        },
      ),
    );
  });

  it('answers null for a humidity that is not a percentage above 0', () => {
    expect(computeWetBulbCelsius(celsius(20), 0)).toBeNull();
    expect(computeWetBulbCelsius(celsius(20), 101)).toBeNull();
    expect(computeWetBulbCelsius(celsius(20), Number.NaN)).toBeNull();
    expect(computeWetBulbCelsius(celsius(Number.NaN), 50)).toBeNull();
  });

  it('knows the range where Stull states the fit (-20 to 50 °C, 5 to 99 %)', () => {
    expect(isWithinStullRange(celsius(20), 50)).toBe(true);
    expect(isWithinStullRange(celsius(-21), 50)).toBe(false);
    expect(isWithinStullRange(celsius(20), 100)).toBe(false);
  });
});

describe('computeWetBulb from a reading in °F (device-management §9)', () => {
  it('takes °F, computes in °C: 68 °F at 50 % gives 13.7 °C', () => {
    expect(computeWetBulb(fahrenheit(68), 50)).toBeCloseTo(13.7, 1);
  });

  it('shows the wet bulb in F unless the preference is C', () => {
    expect(wetBulbInUnit(fahrenheit(68), 50, 'C')).toBeCloseTo(13.7, 1);
    // 13.699 °C is 56.66 °F.
    expect(wetBulbInUnit(fahrenheit(68), 50, 'F')).toBeCloseTo(56.66, 1);
    expect(wetBulbInUnit(fahrenheit(68), 0, 'F')).toBeNull();
  });
});

describe('computeDewPointCelsius (Magnus, Alduchov and Eskridge 1996)', () => {
  it('gives about 9.3 °C for 20 °C at 50 % RH and 16.7 °C for 25 °C at 60 %', () => {
    // Published dew point tables give 9.3 °C and 16.7 °C for these two.
    expect(computeDewPointCelsius(celsius(20), 50)).toBeCloseTo(9.26, 1);
    expect(computeDewPointCelsius(celsius(25), 60)).toBeCloseTo(16.7, 1);
  });

  it('equals the air temperature at saturation and stays below it otherwise', () => {
    expect(computeDewPointCelsius(celsius(20), 100)).toBe(20);
    fc.assert(
      fc.property(
        fc.double({ min: -40, max: 60, noNaN: true }),
        fc.double({ min: 1, max: 100, noNaN: true }),
        (t, rh) => {
          const td = computeDewPointCelsius(celsius(t), rh);
          expect(td).not.toBeNull();
          expect(td!).toBeLessThanOrEqual(t);
        },
      ),
    );
  });

  it('lies at or below the wet bulb, which lies at or below the air temperature', () => {
    for (const [t, rh] of [
      [20, 50],
      [30, 30],
      [5, 80],
    ] as const) {
      const td = computeDewPointCelsius(celsius(t), rh)!;
      const tw = computeWetBulbCelsius(celsius(t), rh)!;
      expect(td).toBeLessThanOrEqual(tw);
      expect(tw).toBeLessThanOrEqual(t);
    }
  });

  it('answers null where the formula has no meaning', () => {
    expect(computeDewPointCelsius(celsius(20), 0)).toBeNull();
    expect(computeDewPointCelsius(celsius(-300), 50)).toBeNull();
  });

  it('reads °F and shows the preferred unit', () => {
    expect(computeDewPoint(fahrenheit(68), 50)).toBeCloseTo(9.26, 1);
    expect(dewPointInUnit(fahrenheit(68), 50, 'F')).toBeCloseTo(
      celsiusToFahrenheit(celsius(9.26)),
      1,
    );
    expect(dewPointInUnit(fahrenheit(68), 50, 'C')).toBeCloseTo(9.26, 1);
  });
});
