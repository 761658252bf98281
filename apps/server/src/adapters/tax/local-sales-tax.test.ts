import { cents } from '@monitor/domain/shared/money';
import { describe, expect, it } from 'vitest';
import { combinedRate, createLocalSalesTax } from './local-sales-tax';
import { TaxDestinationRefused } from './sales-tax';

describe('local sales tax (decision 035)', () => {
  const tax = createLocalSalesTax(['NY', 'IL']);

  it('uses the ZIP override over the three-digit area over the state average', () => {
    expect(combinedRate('10001', 'NY')).toBe(0.08875);
    expect(combinedRate('14624', 'NY')).toBe(0.08);
    expect(combinedRate('12207', 'NY')).toBe(0.0853);
    expect(combinedRate('60601', 'IL')).toBe(0.1025);
  });

  it('charges only in the nexus states and reads the state from the ZIP when none is given', async () => {
    expect(await tax.rateForZip('10001')).toEqual({
      zip: '10001',
      state: 'NY',
      rate: 0.08875,
      hasNexus: true,
    });
    expect(await tax.rateForZip('90002')).toEqual({
      zip: '90002',
      state: 'CA',
      rate: 0,
      hasNexus: false,
    });
    expect(await tax.nexusStates()).toEqual(['NY', 'IL']);
  });

  it('taxes the amount and shipping together, rounded to the cent', async () => {
    expect(
      await tax.taxForOrder({
        to: { zip: '60601', state: 'IL' },
        amountCents: cents(1650),
        shippingCents: cents(150),
      }),
    ).toEqual({ taxableCents: 1800, taxCents: 185, rate: 0.1025, hasNexus: true });
  });

  it('charges a Canadian address no US sales tax', async () => {
    expect(
      await tax.taxForOrder({
        to: { zip: 'K1P 1J9', state: 'ON' },
        amountCents: cents(9900),
        shippingCents: cents(0),
      }),
    ).toEqual({ taxableCents: 0, taxCents: 0, rate: 0, hasNexus: false });
  });

  it('refuses a ZIP that does not exist or lies in another state', async () => {
    await expect(tax.rateForZip('99999')).rejects.toThrow(TaxDestinationRefused);
    await expect(
      tax.taxForOrder({
        to: { zip: '10001', state: 'NJ' },
        amountCents: cents(100),
        shippingCents: cents(0),
      }),
    ).rejects.toThrow('ZIP code 10001 is in NY, not NJ.');
  });
});
