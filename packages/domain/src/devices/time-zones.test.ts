import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE_OFFSET,
  findTimeZoneOption,
  formatTimeZoneOption,
  isTimeZoneOffset,
  TIME_ZONE_OPTIONS,
} from './time-zones';

describe('time zone options', () => {
  it('offer GMT -10 to -4 by name (accounts-devices-billing §9)', () => {
    expect(TIME_ZONE_OPTIONS).toEqual([
      { offset: -10, name: 'Hawaii-Aleutian' },
      { offset: -9, name: 'Alaska' },
      { offset: -8, name: 'Pacific' },
      { offset: -7, name: 'Mountain' },
      { offset: -6, name: 'Central' },
      { offset: -5, name: 'Eastern' },
      { offset: -4, name: 'Atlantic' },
    ]);
  });

  it('default to Eastern, GMT -5 (accounts-devices-billing §9)', () => {
    expect(DEFAULT_TIME_ZONE_OFFSET).toBe(-5);
    expect(findTimeZoneOption(DEFAULT_TIME_ZONE_OFFSET)?.name).toBe('Eastern');
  });

  it('know only the offered offsets', () => {
    expect(isTimeZoneOffset(-4)).toBe(true);
    expect(isTimeZoneOffset(-3)).toBe(false);
    expect(isTimeZoneOffset(-11)).toBe(false);
    expect(isTimeZoneOffset(-5.5)).toBe(false);
    expect(findTimeZoneOption(0)).toBeNull();
  });

  it('show the name with the offset', () => {
    expect(formatTimeZoneOption({ offset: -5, name: 'Eastern' })).toBe('Eastern (GMT-5)');
    expect(formatTimeZoneOption({ offset: -10, name: 'Hawaii-Aleutian' })).toBe(
      'Hawaii-Aleutian (GMT-10)',
    );
  });
});
