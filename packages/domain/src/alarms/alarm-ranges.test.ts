import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findUnreachableRangeEnds,
  checkAlarmRange,
  checkTemperatureEntry,
  DEFAULT_HUMIDITY_RANGE,
  DEFAULT_TEMPERATURE_RANGE,
  defaultAlarmRange,
  MANUAL_TEMPERATURE_LIMITS,
  MINIMUM_TEMPERATURE,
  SLIDER_DEFAULT_RANGE,
  SLIDER_TEMPERATURE_LIMITS,
  temperatureModelOf,
  WIZARD_TEMPERATURE_RANGE,
} from './alarm-ranges';

describe('default ranges', () => {
  it('defaults a device to temperature 40–85 and humidity 10–70 (accounts-devices-billing §9)', () => {
    expect(DEFAULT_TEMPERATURE_RANGE).toEqual({ min: 40, max: 85 });
    expect(DEFAULT_HUMIDITY_RANGE).toEqual({ min: 10, max: 70 });
    expect(defaultAlarmRange('TEMP', 'device')).toEqual({ min: 40, max: 85 });
    expect(defaultAlarmRange('HUMIDITY', 'device')).toEqual({ min: 10, max: 70 });
  });

  it('starts the wizards at 40 and 80 (accounts-devices-billing §9, device-management §9 "puck wizard")', () => {
    expect(WIZARD_TEMPERATURE_RANGE).toEqual({ min: 40, max: 80 });
    expect(defaultAlarmRange('TEMP', 'wizard')).toEqual({ min: 40, max: 80 });
    expect(defaultAlarmRange('SP_TEMP', 'wizard')).toEqual({ min: 40, max: 80 });
    expect(defaultAlarmRange('SP_HUMID', 'wizard')).toEqual({ min: 10, max: 70 });
  });

  it('gives water 0 to 0 and no range to power or motion (device-management §9)', () => {
    expect(defaultAlarmRange('WATER', 'device')).toEqual({ min: 0, max: 0 });
    expect(defaultAlarmRange('POWER', 'device')).toBeNull();
    expect(defaultAlarmRange('MOTION', 'wizard')).toBeNull();
  });

  it('hands out copies, so a caller cannot change the defaults', () => {
    const range = defaultAlarmRange('TEMP', 'device');
    if (range) range.min = -5;
    expect(DEFAULT_TEMPERATURE_RANGE.min).toBe(40);
  });
});

describe('temperatureModelOf', () => {
  it('sorts device types into basic, PRO and NIST (device-management §4)', () => {
    expect([1, 2, 6].map(temperatureModelOf)).toEqual(['basic', 'basic', 'basic']);
    expect([4, 5, 7, 11, 19].map(temperatureModelOf)).toEqual(['pro', 'pro', 'pro', 'pro', 'pro']);
    expect([8, 9, 10].map(temperatureModelOf)).toEqual(['nist', 'nist', 'nist']);
    expect(temperatureModelOf(3)).toBe('basic');
  });
});

describe('limits per unit and model', () => {
  it('limits manual entry to -999..999 F and -573..537 C (device-management §5)', () => {
    expect(MANUAL_TEMPERATURE_LIMITS).toEqual({
      F: { min: -999, max: 999 },
      C: { min: -573, max: 537 },
    });
  });

  it('gives slider ends per model (device-management §5 "Slider limits")', () => {
    expect(SLIDER_TEMPERATURE_LIMITS.basic).toEqual({
      F: { min: 0, max: 100 },
      C: { min: -17, max: 37 },
    });
    expect(SLIDER_TEMPERATURE_LIMITS.pro).toEqual({
      F: { min: -20, max: 100 },
      C: { min: -28, max: 37 },
    });
    expect(SLIDER_TEMPERATURE_LIMITS.nist).toEqual(SLIDER_TEMPERATURE_LIMITS.pro);
  });

  it('gives minimum temperatures basic 0 F, PRO -20 F, NIST -67 F (device-management §5)', () => {
    expect(MINIMUM_TEMPERATURE).toEqual({
      basic: { F: 0, C: -17 },
      pro: { F: -20, C: -29 },
      nist: { F: -67, C: -55 },
    });
  });

  it('starts the slider at 0–100 F, or -40–100 F for PRO (device-management §9)', () => {
    expect(SLIDER_DEFAULT_RANGE.basic).toEqual({ min: 0, max: 100 });
    expect(SLIDER_DEFAULT_RANGE.pro).toEqual({ min: -40, max: 100 });
  });
});

describe('findUnreachableRangeEnds', () => {
  it('finds a high end above what the sensor reads, which the manual limits still accept (device-management §5)', () => {
    for (const rangeMax of [101, 150, 999]) {
      expect(findUnreachableRangeEnds({ rangeMin: 40, rangeMax }, 'basic')).toEqual({
        isLowUnreachable: false,
        isHighUnreachable: true,
      });
    }
    expect(findUnreachableRangeEnds({ rangeMin: 40, rangeMax: 100 }, 'pro').isHighUnreachable).toBe(
      false,
    );
  });

  it('finds a low end below the model\'s minimum temperature (device-management §5 "Minimum temperature")', () => {
    expect(findUnreachableRangeEnds({ rangeMin: -1, rangeMax: 80 }, 'basic').isLowUnreachable).toBe(
      true,
    );
    expect(findUnreachableRangeEnds({ rangeMin: -67, rangeMax: 80 }, 'nist').isLowUnreachable).toBe(
      false,
    );
  });

  it('says nothing of an end not yet typed', () => {
    expect(findUnreachableRangeEnds({ rangeMin: null, rangeMax: null }, 'basic')).toEqual({
      isLowUnreachable: false,
      isHighUnreachable: false,
    });
  });
});

describe('checkTemperatureEntry', () => {
  it('accepts the manual limits themselves and stores °F (device-management §5)', () => {
    expect(checkTemperatureEntry(-999, 'F')).toEqual({ isValid: true, stored: -999 });
    expect(checkTemperatureEntry(999, 'F')).toEqual({ isValid: true, stored: 999 });
    expect(checkTemperatureEntry('537', 'C')).toEqual({ isValid: true, stored: 998.6 });
    expect(checkTemperatureEntry(' -20 ', 'C')).toEqual({ isValid: true, stored: -4 });
  });

  it('refuses values past the limits of the unit they were typed in (device-management §5)', () => {
    expect(checkTemperatureEntry(1000, 'F')).toEqual({
      isValid: false,
      reason: 'out-of-limits',
      limits: { min: -999, max: 999 },
    });
    expect(checkTemperatureEntry(538, 'C')).toMatchObject({ reason: 'out-of-limits' });
    expect(checkTemperatureEntry(-574, 'C')).toMatchObject({ reason: 'out-of-limits' });
  });

  it('refuses text that is not a number, including an empty field', () => {
    expect(checkTemperatureEntry('', 'F')).toMatchObject({ reason: 'not-a-number' });
    expect(checkTemperatureEntry('abc', 'F')).toMatchObject({ reason: 'not-a-number' });
    expect(checkTemperatureEntry(Number.NaN, 'C')).toMatchObject({ reason: 'not-a-number' });
  });

  it('accepts exactly the values within the limits', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('F' as const, 'C' as const),
        fc.integer({ min: -1200, max: 1200 }),
        (unit, value) => {
          const { min, max } = MANUAL_TEMPERATURE_LIMITS[unit];
          expect(checkTemperatureEntry(value, unit).isValid).toBe(value >= min && value <= max);
        },
      ),
    );
  });
});

describe('checkAlarmRange', () => {
  it('stores a Celsius temperature range in °F (accounts-devices-billing §5)', () => {
    expect(checkAlarmRange('TEMP', { rangeMin: '4', rangeMax: '29' }, 'C')).toEqual({
      isValid: true,
      stored: { rangeMin: 39.2, rangeMax: 84.2 },
    });
  });

  it('keeps a stored end the user left as shown, converts the one changed (device-management §5)', () => {
    // 40 °F shows as 4.4 °C; converting 4.4 °C back would store 39.9 °F.
    expect(
      checkAlarmRange('TEMP', { rangeMin: 4.4, rangeMax: 30 }, 'C', { rangeMin: 40, rangeMax: 85 }),
    ).toEqual({ isValid: true, stored: { rangeMin: 40, rangeMax: 86 } });
  });

  it('refuses a low end above the high end but allows equal ends (water is 0 to 0)', () => {
    expect(checkAlarmRange('TEMP', { rangeMin: 80, rangeMax: 40 }, 'F')).toEqual({
      isValid: false,
      reason: 'min-above-max',
    });
    expect(checkAlarmRange('WATER', { rangeMin: 0, rangeMax: 0 }, 'F')).toEqual({
      isValid: true,
      stored: { rangeMin: 0, rangeMax: 0 },
    });
  });

  it('keeps humidity within 0–100 and does not convert it', () => {
    expect(checkAlarmRange('HUMIDITY', { rangeMin: 10, rangeMax: 70 }, 'C')).toEqual({
      isValid: true,
      stored: { rangeMin: 10, rangeMax: 70 },
    });
    expect(checkAlarmRange('SP_HUMID', { rangeMin: -1, rangeMax: 70 }, 'F')).toEqual({
      isValid: false,
      reason: 'out-of-limits',
    });
    expect(checkAlarmRange('HUMIDITY', { rangeMin: 10, rangeMax: 101 }, 'F')).toMatchObject({
      reason: 'out-of-limits',
    });
  });

  it('refuses temperature ends past the manual limits or not numbers', () => {
    expect(checkAlarmRange('TEMP', { rangeMin: -1000, rangeMax: 40 }, 'F')).toMatchObject({
      reason: 'out-of-limits',
    });
    expect(checkAlarmRange('SP_TEMP', { rangeMin: 0, rangeMax: 600 }, 'C')).toMatchObject({
      reason: 'out-of-limits',
    });
    expect(checkAlarmRange('TEMP', { rangeMin: '', rangeMax: 40 }, 'F')).toMatchObject({
      reason: 'not-a-number',
    });
  });
});
