import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  celsiusDeadbandToFahrenheit,
  checkAlarmDelay,
  checkDeadband,
  deadbandForDisplay,
  deadbandForStorage,
  deadbandProblemMessage,
  DEADBAND_ENTRY_LIMITS,
  DEFAULT_DEADBAND,
  defaultDeadband,
  delayProblemMessage,
  effectiveDeadband,
  fahrenheitDeadbandToCelsius,
} from './deadband';

const RANGE = { rangeMin: 40, rangeMax: 85 };

describe('default deadbands (issue #23)', () => {
  it('defaults temperature to 1 °F, or 0.5 °C (0.9 °F stored) for an owner who reads °C', () => {
    expect(DEFAULT_DEADBAND.temperature).toEqual({ F: 1, C: 0.5 });
    expect(effectiveDeadband('TEMP', null, 'F')).toBe(1);
    expect(effectiveDeadband('SP_TEMP', null, 'C')).toBe(0.9);
  });

  it('defaults humidity to 2 %RH whatever the temperature unit', () => {
    expect(effectiveDeadband('HUMIDITY', null, 'F')).toBe(2);
    expect(effectiveDeadband('SP_HUMID', null, 'C')).toBe(2);
  });

  it('gives power, water and motion no deadband, even one stored', () => {
    expect(
      ['POWER', 'WATER', 'MOTION'].map((type) => defaultDeadband(type as 'POWER', 'F')),
    ).toEqual([0, 0, 0]);
    expect(effectiveDeadband('WATER', 3, 'F')).toBe(0);
  });

  it('applies a stored deadband, 0 included (off), over the default', () => {
    expect(effectiveDeadband('TEMP', 2.5, 'C')).toBe(2.5);
    expect(effectiveDeadband('HUMIDITY', 0, 'F')).toBe(0);
  });
});

describe('deadband units (issue #23)', () => {
  it('converts a difference between °C and °F by 9/5 with no 32° offset', () => {
    expect(celsiusDeadbandToFahrenheit(0.5)).toBe(0.9);
    expect(celsiusDeadbandToFahrenheit(10)).toBe(18);
    expect(fahrenheitDeadbandToCelsius(18)).toBe(10);
  });

  it('shows a stored °F deadband in °C to two decimals and leaves humidity as it is', () => {
    expect(deadbandForDisplay('TEMP', 1, 'C')).toBe(0.56);
    expect(deadbandForDisplay('TEMP', 0.9, 'C')).toBe(0.5);
    expect(deadbandForDisplay('HUMIDITY', 2, 'C')).toBe(2);
  });

  it('keeps a stored deadband saved back unchanged in °C, where 0.56 °C would move 1 °F to 1.01 °F', () => {
    expect(deadbandForStorage('TEMP', 0.56, 'C')).toBe(1.01);
    expect(deadbandForStorage('TEMP', 0.56, 'C', 1)).toBe(1);
  });

  it('brings any two-decimal °C deadband back unchanged after storage in °F', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2770 }), (hundredths) => {
        const entered = hundredths / 100;
        const stored = deadbandForStorage('SP_TEMP', entered, 'C');
        expect(deadbandForDisplay('SP_TEMP', stored, 'C')).toBe(entered);
      }),
    );
  });
});

describe('checkDeadband (issue #23)', () => {
  it('stores a °C deadband in °F and null as the default', () => {
    expect(checkDeadband('TEMP', 2, { unit: 'C', range: RANGE })).toEqual({
      isValid: true,
      stored: 3.6,
    });
    expect(checkDeadband('TEMP', null, { unit: 'C', range: RANGE })).toEqual({
      isValid: true,
      stored: null,
    });
  });

  it('refuses a deadband on power, water and motion', () => {
    expect(checkDeadband('WATER', 0, { unit: 'F', range: { rangeMin: 0, rangeMax: 0 } })).toEqual({
      isValid: false,
      reason: 'no-deadband',
    });
  });

  it('refuses a deadband below 0 or over 50 °F, 27.7 °C or 50 %RH', () => {
    expect(DEADBAND_ENTRY_LIMITS).toEqual({ F: 50, C: 27.7, RH: 50 });
    const wide = { rangeMin: -999, rangeMax: 999 };
    expect(checkDeadband('TEMP', -0.1, { unit: 'F', range: wide })).toMatchObject({
      reason: 'out-of-limits',
    });
    expect(checkDeadband('TEMP', 27.8, { unit: 'C', range: wide })).toMatchObject({
      reason: 'out-of-limits',
    });
    expect(checkDeadband('TEMP', 27.7, { unit: 'C', range: wide })).toEqual({
      isValid: true,
      stored: 49.86,
    });
    expect(checkDeadband('HUMIDITY', 50.5, { unit: 'F', range: wide })).toMatchObject({
      reason: 'out-of-limits',
    });
  });

  it('refuses a deadband of half the range or more, which no reading could clear, but takes 0', () => {
    const narrow = { rangeMin: 40, rangeMax: 44 };
    expect(checkDeadband('TEMP', 2, { unit: 'F', range: narrow })).toMatchObject({
      reason: 'too-wide',
    });
    expect(checkDeadband('TEMP', 1.99, { unit: 'F', range: narrow })).toMatchObject({
      isValid: true,
    });
    expect(checkDeadband('TEMP', 0, { unit: 'F', range: { rangeMin: 40, rangeMax: 40 } })).toEqual({
      isValid: true,
      stored: 0,
    });
  });

  it('words each refusal in the unit the user typed', () => {
    const context = { sensorType: 'TEMP' as const, unit: 'C' as const, range: RANGE };
    expect(deadbandProblemMessage('out-of-limits', context)).toBe(
      'The deadband must be between 0 and 27.7 °C.',
    );
    expect(deadbandProblemMessage('too-wide', context)).toBe(
      'The deadband must be less than half the range (12.5 °C), or no reading could clear the alarm.',
    );
    expect(deadbandProblemMessage('out-of-limits', { ...context, sensorType: 'HUMIDITY' })).toBe(
      'The deadband must be between 0 and 50 %RH.',
    );
  });
});

describe('checkAlarmDelay (issue #23)', () => {
  it('takes whole minutes 0 to 1440 and whole readings 0 to 100', () => {
    expect(checkAlarmDelay({ minutes: 0, readings: 0 })).toBeNull();
    expect(checkAlarmDelay({ minutes: 1440, readings: 100 })).toBeNull();
    expect(checkAlarmDelay({ minutes: 1441, readings: 0 })).toBe('minutes');
    expect(checkAlarmDelay({ minutes: 2.5, readings: 0 })).toBe('minutes');
    expect(checkAlarmDelay({ minutes: 0, readings: -1 })).toBe('readings');
    expect(checkAlarmDelay({ minutes: 0, readings: 101 })).toBe('readings');
  });

  it('says the limit it refused', () => {
    expect(delayProblemMessage('readings')).toBe(
      'The delay must be a whole number of readings from 0 to 100.',
    );
  });
});
