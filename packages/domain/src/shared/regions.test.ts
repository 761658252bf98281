import { describe, expect, it } from 'vitest';
import {
  CANADIAN_PROVINCES,
  DEFAULT_PROVINCE,
  DEFAULT_STATE,
  isCanadianProvinceCode,
  isUsStateCode,
  US_STATES,
} from './regions';

describe('US_STATES', () => {
  it('holds 62 codes, within the 62 to 63 of the spec (accounts-devices-billing §9)', () => {
    expect(US_STATES).toHaveLength(62);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(62);
  });

  it('holds the 50 states, DC, the territories and the military codes', () => {
    const codes = US_STATES.map((s) => s.code);
    for (const code of [
      'NY',
      'CA',
      'AK',
      'HI',
      'DC',
      'PR',
      'GU',
      'VI',
      'AS',
      'MP',
      'FM',
      'MH',
      'PW',
      'AA',
      'AE',
      'AP',
    ]) {
      expect(codes).toContain(code);
    }
    expect(codes.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
  });

  it('starts new forms on NY (accounts-devices-billing §9)', () => {
    expect(DEFAULT_STATE).toBe('NY');
    expect(isUsStateCode(DEFAULT_STATE)).toBe(true);
  });
});

describe('CANADIAN_PROVINCES', () => {
  it('holds the 13 provinces and territories in the spec order (accounts-devices-billing §9)', () => {
    expect(CANADIAN_PROVINCES.map((p) => p.code)).toEqual([
      'AB',
      'BC',
      'MB',
      'NB',
      'NL',
      'NT',
      'NS',
      'NU',
      'ON',
      'PE',
      'QC',
      'SK',
      'YT',
    ]);
  });

  it('defaults to AB (accounts-devices-billing §5)', () => {
    expect(DEFAULT_PROVINCE).toBe('AB');
  });
});

describe('code checks', () => {
  it('know each list and ignore case and spaces', () => {
    expect(isUsStateCode(' ny ')).toBe(true);
    expect(isUsStateCode('ON')).toBe(false);
    expect(isUsStateCode(null)).toBe(false);
    expect(isCanadianProvinceCode('qc')).toBe(true);
    expect(isCanadianProvinceCode('NY')).toBe(false);
    expect(isCanadianProvinceCode(undefined)).toBe(false);
  });
});
