import { cents } from '@monitor/domain/shared/money';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NEXUS_REGIONS,
  RATES_90002,
  TAX_FOR_ORDER,
  TAX_FOR_ORDER_NO_NEXUS,
  UNAUTHORIZED,
  ZIP_STATE_MISMATCH,
} from './recorded/taxjar-answers';
import { TaxDestinationRefused } from './sales-tax';
import { createTaxjarSalesTax } from './taxjar-sales-tax';

type Captured = { method: string; path: string; authorization?: string; body?: unknown };

/** A stand-in for api.taxjar.com on 127.0.0.1 answering the recorded answers. */
async function startTaxjarStub() {
  const requests: Captured[] = [];
  let nexusCalls = 0;
  const app = Fastify();
  app.addHook('onRequest', async (request, reply) => {
    requests.push({
      method: request.method,
      path: request.url,
      authorization: request.headers.authorization,
    });
    if (request.headers.authorization !== 'Bearer key') return reply.code(401).send(UNAUTHORIZED);
  });
  app.post('/v2/taxes', async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const last = requests.at(-1);
    if (last) last.body = body;
    if (body.to_state === 'NY' && body.to_zip === '07446')
      return reply.code(400).send(ZIP_STATE_MISMATCH);
    if (body.to_zip === '00000') return reply.code(503).send('Service Unavailable');
    return body.to_state === 'NJ' ? TAX_FOR_ORDER : TAX_FOR_ORDER_NO_NEXUS;
  });
  app.get('/v2/rates/:zip', async () => RATES_90002);
  app.get('/v2/nexus/regions', async () => {
    nexusCalls += 1;
    return NEXUS_REGIONS;
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url, requests, nexusCalls: () => nexusCalls };
}

describe('TaxJar sales tax against recorded answers (decision 035)', () => {
  let stub: Awaited<ReturnType<typeof startTaxjarStub>>;
  let tax: ReturnType<typeof createTaxjarSalesTax>;
  beforeAll(async () => {
    stub = await startTaxjarStub();
    tax = createTaxjarSalesTax({ apiKey: 'key', apiUrl: stub.url });
  });
  afterAll(() => stub.app.close());

  it('asks taxForOrder from the brand origin in dollars and answers cents', async () => {
    const answer = await tax.taxForOrder({
      to: { zip: '07446', state: 'nj', city: 'Ramsey', street: '1 Main St' },
      amountCents: cents(1650),
      shippingCents: cents(150),
    });
    expect(stub.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v2/taxes',
      authorization: 'Bearer key',
      body: {
        from_country: 'US',
        from_zip: '14624',
        from_state: 'NY',
        to_country: 'US',
        to_zip: '07446',
        to_state: 'NJ',
        to_city: 'Ramsey',
        to_street: '1 Main St',
        amount: 16.5,
        shipping: 1.5,
      },
    });
    expect(answer).toEqual({ taxableCents: 1650, taxCents: 116, rate: 0.07, hasNexus: true });
  });

  it('answers no tax where TaxJar says the account has no nexus', async () => {
    expect(
      await tax.taxForOrder({
        to: { zip: '90002', state: 'CA' },
        amountCents: cents(1650),
        shippingCents: cents(150),
      }),
    ).toEqual({ taxableCents: 0, taxCents: 0, rate: 0, hasNexus: false });
  });

  it('reads a ZIP rate (strings in the answer) and charges it only in a nexus region, asking the regions once', async () => {
    expect(await tax.rateForZip('90002')).toEqual({
      zip: '90002',
      state: 'CA',
      rate: 0.09,
      hasNexus: true,
    });
    expect(await tax.nexusStates()).toEqual(['CA', 'NY', 'WA']);
    expect(stub.nexusCalls()).toBe(1);
  });

  it("turns TaxJar's 400 into a refused destination with its detail, and a 5xx or bad key into a failure", async () => {
    const mismatch = tax.taxForOrder({
      to: { zip: '07446', state: 'NY' },
      amountCents: cents(100),
      shippingCents: cents(0),
    });
    await expect(mismatch).rejects.toThrow(TaxDestinationRefused);
    await expect(mismatch).rejects.toThrow('to_zip 07446 is not used within to_state NY');
    const down = tax.taxForOrder({
      to: { zip: '00000', state: 'NJ' },
      amountCents: cents(100),
      shippingCents: cents(0),
    });
    await expect(down).rejects.toBeDefined();
    await expect(down).rejects.not.toThrow(TaxDestinationRefused);
    const wrongKey = createTaxjarSalesTax({ apiKey: 'wrong', apiUrl: stub.url });
    await expect(wrongKey.nexusStates()).rejects.not.toBeInstanceOf(TaxDestinationRefused);
  });
});

const sandboxKey = process.env.TAXJAR_API_KEY;

describe.skipIf(!sandboxKey)('TaxJar sales tax against the sandbox (TAXJAR_API_KEY set)', () => {
  it('answers a rate and a tax for a New York order', async () => {
    const tax = createTaxjarSalesTax({
      apiKey: sandboxKey ?? '',
      apiUrl: process.env.TAXJAR_API_URL ?? 'https://api.sandbox.taxjar.com',
    });
    const rate = await tax.rateForZip('10001');
    expect(rate.state).toBe('NY');
    const order = await tax.taxForOrder({
      to: { zip: '10001', state: 'NY' },
      amountCents: cents(9900),
      shippingCents: cents(0),
    });
    expect(order.taxCents).toBeGreaterThanOrEqual(0);
  });
});
