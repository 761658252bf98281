import { describe, expect, it } from 'vitest';
import { createLocalPostageRates, postageZone } from './local-postage-rates';
import { PostageRefused } from './postage-rates';

const ORIGIN = '14624';
const quote = (toZip: string, service: 1 | 2, weightOunces: number) =>
  createLocalPostageRates().quote({ weightOunces, fromZip: ORIGIN, toZip, service });

describe('local postage rate table (decision 043; store-and-public-site §9 origin 14624)', () => {
  it('zones a destination by its distance from the origin', () => {
    expect(postageZone(ORIGIN, '14607')).toBe(1); // Rochester, 7 miles
    expect(postageZone(ORIGIN, '10001')).toBe(3); // New York, 252 miles
    expect(postageZone(ORIGIN, '10001-1234')).toBe(3);
    expect(postageZone(ORIGIN, '90002')).toBe(8); // Los Angeles, 2255 miles
  });

  it('puts Alaska, Hawaii, Puerto Rico and Canada in the far zone 9', () => {
    expect(postageZone(ORIGIN, '99501')).toBe(9);
    expect(postageZone(ORIGIN, '96813')).toBe(9);
    expect(postageZone(ORIGIN, '00901')).toBe(9);
    expect(postageZone(ORIGIN, 'K1P 1J9')).toBe(9);
    expect(postageZone(ORIGIN, 'x0a-1h0')).toBe(9);
  });

  it('knows no zone for an unknown or malformed ZIP', () => {
    expect(postageZone(ORIGIN, '99999')).toBeNull();
    expect(postageZone(ORIGIN, '100011')).toBeNull();
    expect(postageZone(ORIGIN, 'K1P')).toBeNull();
    expect(postageZone('00000', '10001')).toBeNull();
  });

  it('prices by whole pounds, rounded up, at least one', async () => {
    const oneOunce = await quote('10001', 2, 1);
    expect(oneOunce).toEqual({
      rateCents: 965,
      carrier: 'Local rate table',
      serviceName: 'Regular (zone 3)',
    });
    expect((await quote('10001', 2, 16)).rateCents).toBe(965);
    expect((await quote('10001', 2, 16.1)).rateCents).toBe(965 + 95);
    expect((await quote('10001', 2, 43.9)).rateCents).toBe(965 + 2 * 95);
  });

  it('charges overnight more than regular, and the far zone the most', async () => {
    expect(await quote('10001', 1, 43.9)).toEqual({
      rateCents: 3890 + 2 * 410,
      carrier: 'Local rate table',
      serviceName: 'Overnight (zone 3)',
    });
    expect((await quote('99501', 2, 16)).rateCents).toBe(1995);
    expect((await quote('K1P1J9', 1, 32)).rateCents).toBe(8990 + 1190);
  });

  it('refuses an unknown ZIP', async () => {
    await expect(quote('99999', 2, 16)).rejects.toThrow(
      new PostageRefused("We don't recognise ZIP code 99999."),
    );
  });
});
