import { describe, expect, it } from 'vitest';
import type { AddressToVerify } from './address-verifier';
import { createLocalAddressVerifier, normalizeCity } from './local-address-verifier';

const verifier = createLocalAddressVerifier();
const us = (extra: Partial<AddressToVerify>): AddressToVerify => ({
  address1: '1 Main St',
  address2: 'Apt 2',
  city: 'Rochester',
  state: 'NY',
  zip: '14624',
  ...extra,
});

describe('local address verifier (accounts-devices-billing §3, §5; decision 035)', () => {
  it('accepts a US ZIP that exists in the state with 22, the city as the ZIP data spells it', async () => {
    expect(await verifier.verify(us({ city: '  rochester ', address1: ' 1  Main St ' }))).toEqual({
      returnCode: 22,
      address1: '1 Main St',
      address2: 'Apt 2',
      city: 'Rochester',
      state: 'NY',
      zip: '14624',
      cleansingResult: 'ZIP code 14624 agrees with Rochester, NY; the street was not checked.',
    });
  });

  it('reads abbreviations and punctuation as the same city, and reports another city as a correction', async () => {
    expect(normalizeCity('St. Louis')).toBe(normalizeCity('Saint Louis'));
    expect(normalizeCity('Ft Worth')).toBe('fort worth');
    const same = await verifier.verify(us({ city: 'ST. LOUIS', state: 'MO', zip: '63101' }));
    expect(same).toMatchObject({ returnCode: 22, city: 'Saint Louis' });
    expect(same.cleansingResult).not.toContain('corrected');
    const other = await verifier.verify(us({ city: 'Gates' }));
    expect(other).toMatchObject({ returnCode: 22, city: 'Rochester' });
    expect(other.cleansingResult).toBe(
      'City corrected to Rochester, the city of ZIP code 14624; the street was not checked.',
    );
  });

  it('keeps a ZIP+4 and checks its first five digits', async () => {
    expect(await verifier.verify(us({ zip: '14624-1234' }))).toMatchObject({
      returnCode: 22,
      zip: '14624-1234',
    });
  });

  it('rejects a ZIP that does not exist or is malformed with 11', async () => {
    expect(await verifier.verify(us({ zip: '99999' }))).toMatchObject({
      returnCode: 11,
      cleansingResult: 'ZIP code 99999 does not exist.',
    });
    expect(await verifier.verify(us({ zip: '1462' }))).toMatchObject({ returnCode: 11 });
    expect(await verifier.verify(us({ zip: '' }))).toMatchObject({ returnCode: 11 });
  });

  it('rejects a ZIP in another state with 12, keeping the entered fields', async () => {
    expect(await verifier.verify(us({ state: 'nj' }))).toEqual({
      returnCode: 12,
      address1: '1 Main St',
      address2: 'Apt 2',
      city: 'Rochester',
      state: 'nj',
      zip: '14624',
      cleansingResult: 'ZIP code 14624 is in NY, not NJ.',
    });
  });

  it('rejects a street line without a street name with 13', async () => {
    expect(await verifier.verify(us({ address1: '' }))).toMatchObject({ returnCode: 13 });
    expect(await verifier.verify(us({ address1: '123' }))).toMatchObject({ returnCode: 13 });
  });

  it('accepts a Canadian postal code whose first letter is in the province with 0, formatted A1A 1A1 (accounts-devices-billing §5 "ZIP length 6 means a Canadian province")', async () => {
    const canadian = { address1: '100 Queen St', address2: '', city: 'Ottawa' };
    expect(await verifier.verify({ ...canadian, state: 'on', zip: 'k1p1j9' })).toMatchObject({
      returnCode: 0,
      state: 'ON',
      zip: 'K1P 1J9',
    });
    expect(
      await verifier.verify({ ...canadian, city: 'Iqaluit', state: 'NU', zip: 'X0A 0H0' }),
    ).toMatchObject({ returnCode: 0 });
  });

  it('rejects a Canadian postal code of another province with 12, one no province uses with 11', async () => {
    const canadian = { address1: '100 Queen St', address2: '', city: 'Ottawa' };
    expect(await verifier.verify({ ...canadian, state: 'AB', zip: 'K1P 1J9' })).toMatchObject({
      returnCode: 12,
      cleansingResult: 'Postal code K1P 1J9 is in ON, not AB.',
    });
    expect(await verifier.verify({ ...canadian, state: 'ON', zip: 'D1P 1J9' })).toMatchObject({
      returnCode: 11,
    });
  });
});
