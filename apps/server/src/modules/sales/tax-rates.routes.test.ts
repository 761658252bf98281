import { computePlanSubtotal } from '@monitor/domain/billing/subscriptions';
import { cents } from '@monitor/domain/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import type { SalesTaxCalculator } from '../../adapters/tax/sales-tax';
import { calculateTax } from './sales-tax.service';

describe('sales tax (accounts-devices-billing §5, §7 "Sales", §9; store-and-public-site §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const salesTax = (params: Record<string, string | number>) =>
    get(
      `/api/taxrates/calculateSalesTax?${new URLSearchParams(
        Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString()}`,
    );

  it('answers the rate charged at a ZIP without a session: NYC 8.875%, 0 outside the nexus states (store-and-public-site §7)', async () => {
    const nyc = await get('/api/taxrates?zip=10001');
    expect(nyc.statusCode).toBe(200);
    expect(nyc.json()).toEqual({ Zip: '10001', State: 'NY', Rate: 0.08875, HasNexus: true });
    expect((await get('/api/taxrates?zip=14624')).json()).toMatchObject({ Rate: 0.08 });
    expect((await get('/api/taxrates?zip=60601')).json()).toEqual({
      Zip: '60601',
      State: 'IL',
      Rate: 0,
      HasNexus: false,
    });
  });

  it('taxes quantity × amount plus shipping in dollars, cents inside (accounts-devices-billing §7)', async () => {
    const response = await salesTax({
      toZip: '10001',
      toState: 'NY',
      toCity: 'New York',
      toStreet: '350 5th Ave',
      amount: 99,
      shipping: 0,
      quantity: 3,
    });
    expect(response.statusCode).toBe(200);
    // 3 × $99.00 = $297.00 at 8.875% = $26.36 (26.35875 rounded to the cent).
    expect(response.json()).toEqual({
      Tax: 26.36,
      TaxableAmount: 297,
      Rate: 0.08875,
      HasNexus: true,
    });
  });

  it('charges nothing outside the nexus states (TAX_NEXUS_STATES, default NY)', async () => {
    const response = await salesTax({ toZip: '60601', toState: 'IL', amount: 99, quantity: 1 });
    expect(response.json()).toEqual({ Tax: 0, TaxableAmount: 0, Rate: 0, HasNexus: false });
  });

  it('calculates no tax for a ZIP shorter than 5 characters (accounts-devices-billing §5)', async () => {
    const response = await salesTax({ toZip: '1462', toState: 'NY', amount: 99 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Tax: 0, TaxableAmount: 0, Rate: 0, HasNexus: false });
  });

  it('answers 400 saying why for a ZIP in another state or one that does not exist, and naming a bad field', async () => {
    const mismatch = await salesTax({ toZip: '14624', toState: 'NJ', amount: 10 });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toBe('ZIP code 14624 is in NY, not NJ.');
    expect((await salesTax({ toZip: '99999', toState: 'NY', amount: 10 })).statusCode).toBe(400);
    const amount = await salesTax({ toZip: '14624', toState: 'NY', amount: 'ten' });
    expect(amount.statusCode).toBe(400);
    expect(amount.json().error.message).toMatch(/^amount/);
    const quantity = await salesTax({ toZip: '14624', amount: 10, quantity: 0 });
    expect(quantity.json().error.message).toMatch(/^quantity/);
    expect((await get('/api/taxrates')).json().error.message).toMatch(/zip/);
  });

  it('lists the nexus states', async () => {
    const response = await get('/api/taxrates/getNexusStates');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(['NY']);
  });

  it('taxes a plan period: amount times frequency (accounts-devices-billing §9 "Tax subtotal is amount times frequency")', async () => {
    const annual = { billingAmount: cents(825), billingFrequency: 12 };
    const tax = await calculateTax(t.ctx, {
      address: { zip: '14624', state: 'NY' },
      amountCents: computePlanSubtotal(annual),
    });
    // $99.00 at Monroe County's 8% = $7.92.
    expect(tax).toEqual({ taxCents: 792, rate: 0.08, taxableCents: 9900, hasNexus: true });
  });

  it('answers 502 when the tax service does not answer, and asks it nothing for a short ZIP', async () => {
    const working = t.ctx.tax;
    let asked = 0;
    const down: SalesTaxCalculator = {
      kind: 'taxjar',
      rateForZip: () => Promise.reject(new Error('socket hang up')),
      taxForOrder: () => {
        asked += 1;
        return Promise.reject(new Error('socket hang up'));
      },
      nexusStates: () => Promise.reject(new Error('socket hang up')),
    };
    t.ctx.tax = down;
    try {
      for (const url of ['/api/taxrates?zip=10001', '/api/taxrates/getNexusStates']) {
        const response = await get(url);
        expect(response.statusCode).toBe(502);
        expect(response.json().error.code).toBe(502);
      }
      expect((await salesTax({ toZip: '10001', toState: 'NY', amount: 1 })).statusCode).toBe(502);
      expect((await salesTax({ toZip: '100', toState: 'NY', amount: 1 })).statusCode).toBe(200);
      expect(asked).toBe(1);
    } finally {
      t.ctx.tax = working;
    }
  });
});
