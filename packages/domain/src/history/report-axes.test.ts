import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeTemperatureAxis,
  computeValueAxis,
  findValueRange,
  widenAxisToData,
} from './report-axes';

describe('computeTemperatureAxis', () => {
  const axis = (deviceType: number, tempPref: 'F' | 'C', data = findValueRange([50, 60])) =>
    computeTemperatureAxis({ deviceType, tempPref, data });

  it('runs 0 to 120 °F for a basic model and -40 to 120 °F for PRO and NIST (device-management §9)', () => {
    for (const basic of [1, 2, 6]) expect(axis(basic, 'F')).toEqual({ min: 0, max: 120 });
    for (const pro of [4, 5, 7, 11, 19]) expect(axis(pro, 'F')).toEqual({ min: -40, max: 120 });
    for (const nist of [8, 9, 10]) expect(axis(nist, 'F')).toEqual({ min: -40, max: 120 });
  });

  it('runs -17 to 48 °C for every model (device-management §9)', () => {
    for (const type of [1, 4, 9]) {
      expect(axis(type, 'C', findValueRange([10, 20]))).toEqual({ min: -17, max: 48 });
    }
  });

  it('widens to data outside the axis plus a margin of 5 (device-management §9 "plot margins 5 beyond data")', () => {
    expect(axis(1, 'F', findValueRange([-3.2, 40]))).toEqual({ min: -9, max: 120 });
    expect(axis(4, 'F', findValueRange([30, 131]))).toEqual({ min: -40, max: 136 });
    expect(axis(4, 'C', findValueRange([-20, 50.5]))).toEqual({ min: -25, max: 56 });
  });

  it('keeps the model axis with no data', () => {
    expect(axis(1, 'F', null)).toEqual({ min: 0, max: 120 });
  });

  it('always holds the data with at least the margin beyond an end it passes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -500, max: 500, noNaN: true }), { minLength: 1 }),
        fc.constantFrom(1, 4, 9),
        fc.constantFrom('F' as const, 'C' as const),
        (values, deviceType, tempPref) => {
          const data = findValueRange(values);
          const result = computeTemperatureAxis({ deviceType, tempPref, data });
          const base = computeTemperatureAxis({ deviceType, tempPref, data: null });
          expect(result.min).toBeLessThanOrEqual(Math.min(base.min, data!.min));
          expect(result.max).toBeGreaterThanOrEqual(Math.max(base.max, data!.max));
          if (data!.min < base.min) expect(result.min).toBeLessThanOrEqual(data!.min - 5);
          if (data!.max > base.max) expect(result.max).toBeGreaterThanOrEqual(data!.max + 5);
        },
      ),
    );
  });
});

describe('findValueRange', () => {
  it('skips what is not a number and answers null for nothing', () => {
    expect(findValueRange([3, Number.NaN, -1, 7])).toEqual({ min: -1, max: 7 });
    expect(findValueRange([])).toBeNull();
    expect(widenAxisToData({ min: 0, max: 10 }, null)).toEqual({ min: 0, max: 10 });
  });
});

describe('computeValueAxis', () => {
  const temperatureAxis = { min: 0, max: 120 };

  it('shares 0 to 100 ticked every 25 when both series are shown (device-management §9)', () => {
    expect(
      computeValueAxis({
        isTemperatureShown: true,
        isHumidityShown: true,
        temperatureAxis,
        data: { min: 20, max: 80 },
      }),
    ).toEqual({ min: 0, max: 100, step: 25, padding: 0 });
  });

  it('ticks one series every 10 with a padding of 5 (device-management §9)', () => {
    expect(
      computeValueAxis({
        isTemperatureShown: true,
        isHumidityShown: false,
        temperatureAxis,
        data: { min: 20, max: 80 },
      }),
    ).toEqual({ min: 0, max: 120, step: 10, padding: 5 });
    expect(
      computeValueAxis({
        isTemperatureShown: false,
        isHumidityShown: true,
        temperatureAxis,
        data: { min: 20, max: 80 },
      }),
    ).toEqual({ min: 0, max: 100, step: 10, padding: 5 });
  });

  it('widens past data outside the shared axis to whole steps', () => {
    expect(
      computeValueAxis({
        isTemperatureShown: true,
        isHumidityShown: true,
        temperatureAxis,
        data: { min: -12, max: 104 },
      }),
    ).toEqual({ min: -25, max: 125, step: 25, padding: 0 });
  });
});
