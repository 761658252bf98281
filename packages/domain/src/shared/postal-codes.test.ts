import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_ZIP_MESSAGE,
  parseCanadianPostalCode,
  parsePostalCode,
  parseUsZip,
  resolveRegionForZip,
} from './postal-codes';
import { CANADIAN_PROVINCES, US_STATES } from './regions';

describe('parseUsZip', () => {
  it('takes 5 digits, optionally a dash and 4 more (store-and-public-site §5)', () => {
    expect(parseUsZip('14624')).toBe('14624');
    expect(parseUsZip(' 14624-1234 ')).toBe('14624-1234');
  });

  it('refuses other shapes', () => {
    for (const zip of [
      '1462',
      '146245',
      '14624-123',
      '14624 1234',
      '146241234',
      'ABCDE',
      '',
      null,
    ]) {
      expect(parseUsZip(zip)).toBeNull();
    }
  });
});

describe('parseCanadianPostalCode', () => {
  it('takes letter-digit-letter, an optional space or hyphen, digit-letter-digit, uppercased (store-and-public-site §5)', () => {
    expect(parseCanadianPostalCode('K1A 0B1')).toBe('K1A0B1');
    expect(parseCanadianPostalCode('k1a-0b1')).toBe('K1A0B1');
    expect(parseCanadianPostalCode('m5v3l9')).toBe('M5V3L9');
  });

  it('refuses other shapes', () => {
    for (const code of ['K1A  0B1', 'K1A_0B1', '1KA0B1', 'K1A0B', 'K1A0B12', '14624', '']) {
      expect(parseCanadianPostalCode(code)).toBeNull();
    }
  });

  it('reads any well-shaped code, typed in any case with any separator', () => {
    const letter = fc.constantFrom(
      ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'.split(''),
    );
    const digit = fc.constantFrom(...'0123456789'.split(''));
    fc.assert(
      fc.property(
        fc.tuple(letter, digit, letter),
        fc.constantFrom('', ' ', '-'),
        fc.tuple(digit, letter, digit),
        (first, separator, last) => {
          const code = parseCanadianPostalCode(`${first.join('')}${separator}${last.join('')}`);
          expect(code).toBe(`${first.join('')}${last.join('')}`.toUpperCase());
        },
      ),
    );
  });
});

describe('parsePostalCode', () => {
  it('marks a Canadian code as international shipping (store-and-public-site §5)', () => {
    expect(parsePostalCode('14624')).toEqual({
      country: 'US',
      code: '14624',
      isInternational: false,
    });
    expect(parsePostalCode('k1a 0b1')).toEqual({
      country: 'CA',
      code: 'K1A0B1',
      formatted: 'K1A 0B1',
      isInternational: true,
    });
    expect(parsePostalCode('nope')).toBeNull();
  });
});

describe('resolveRegionForZip', () => {
  it('uses the US state for a 5-character ZIP (accounts-devices-billing §5)', () => {
    expect(resolveRegionForZip('14624', 'ny')).toEqual({
      isLoaded: true,
      kind: 'state',
      region: 'NY',
      regions: US_STATES,
    });
    expect(resolveRegionForZip('90210', 'CA')).toMatchObject({ kind: 'state', region: 'CA' });
  });

  it('uses the Canadian province for a 6-character ZIP, AB by default (accounts-devices-billing §5)', () => {
    expect(resolveRegionForZip('K1A0B1', 'ON')).toEqual({
      isLoaded: true,
      kind: 'province',
      region: 'ON',
      regions: CANADIAN_PROVINCES,
    });
    expect(resolveRegionForZip('K1A0B1', 'NY')).toMatchObject({ kind: 'province', region: 'AB' });
    expect(resolveRegionForZip('K1A0B1', null)).toMatchObject({ kind: 'province', region: 'AB' });
  });

  it('reads a ZIP+4 as US and a Canadian code with its separator as Canadian', () => {
    expect(resolveRegionForZip('14624-1234', 'NY')).toMatchObject({ kind: 'state', region: 'NY' });
    expect(resolveRegionForZip('K1A 0B1', 'QC')).toMatchObject({ kind: 'province', region: 'QC' });
  });

  it('falls back to NY when the stored state is not a US code', () => {
    expect(resolveRegionForZip('14624', 'ON')).toMatchObject({ kind: 'state', region: 'NY' });
  });

  it("cannot load an address with an empty ZIP: 'Error loading billing address.' (accounts-devices-billing §5)", () => {
    expect(EMPTY_ZIP_MESSAGE).toBe('Error loading billing address.');
    expect(resolveRegionForZip('', 'NY')).toEqual({
      isLoaded: false,
      message: 'Error loading billing address.',
    });
    expect(resolveRegionForZip('   ', 'NY')).toMatchObject({ isLoaded: false });
    expect(resolveRegionForZip(null, 'NY')).toMatchObject({ isLoaded: false });
  });
});
