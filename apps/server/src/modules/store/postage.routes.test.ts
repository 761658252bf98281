import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { loadConfig } from '../../platform/config/config';
import { POSTAGE_FAILED } from './shipping.service';

const postage = (params: Record<string, string | number>) =>
  `/api/sales/calculatePostageRateEstore?${new URLSearchParams(
    Object.entries({ fromZipCode: '14624', ...params }).map(([k, v]): [string, string] => [
      k,
      String(v),
    ]),
  ).toString()}`;

/** The cart's shipping weight of one standard bundle (43.9 oz, store-and-public-site §9): 3 pounds. */
const BUNDLE = 43.9;

describe('postage and delivery dates (store-and-public-site §4, §7, §9; decision 043)', () => {
  let t: TestApp;
  // Monday 23 November 2026, 10:00 in New York.
  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-23T15:00:00Z') });
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  };
  const dates = async () => ({
    regular: (await get(postage({ weight: BUNDLE, toZipCode: '10001', shippingType: 2 }))).body
      .DeliveryDate,
    overnight: (await get(postage({ weight: BUNDLE, toZipCode: '10001', shippingType: 1 }))).body
      .DeliveryDate,
  });

  it('answers the postage in dollars by zone and service, without a session (§7)', async () => {
    expect(await get(postage({ weight: BUNDLE, toZipCode: '10001', shippingType: 2 }))).toEqual({
      status: 200,
      body: { Rate: [11.55], DeliveryDate: '2026-11-26' },
    });
    expect(
      (await get(postage({ weight: BUNDLE, toZipCode: '10001-0001', shippingType: 1 }))).body,
    ).toEqual({ Rate: [47.1], DeliveryDate: '2026-11-24' });
    expect(
      (await get(postage({ weight: BUNDLE, toZipCode: '90002', shippingType: 2 }))).body.Rate,
    ).toEqual([18.75]);
    expect(
      (await get(postage({ weight: 16, toZipCode: 'K1P 1J9', shippingType: 2 }))).body.Rate,
    ).toEqual([19.95]);
  });

  it('answers 400 for an unknown ZIP, a missing one and a service other than 1 or 2', async () => {
    expect(await get(postage({ weight: BUNDLE, toZipCode: '99999', shippingType: 2 }))).toEqual({
      status: 400,
      body: { error: { code: 400, message: "We don't recognise ZIP code 99999." } },
    });
    expect((await get(postage({ weight: BUNDLE, shippingType: 2 }))).status).toBe(400);
    const service = await get(postage({ weight: BUNDLE, toZipCode: '10001', shippingType: 3 }));
    expect(service.status).toBe(400);
    expect(service.body.error.message).toContain(
      'shippingType must be 1 (overnight) or 2 (regular).',
    );
    expect((await get(postage({ weight: -1, toZipCode: '10001', shippingType: 2 }))).status).toBe(
      400,
    );
  });

  it('answers the §9 rate multipliers from the configuration', async () => {
    expect(await get('/api/sales/getShippingRateRegular/')).toEqual({
      status: 200,
      body: { Multiplier: 0.1 },
    });
    expect(await get('/api/sales/getShippingRateOvernight/')).toEqual({
      status: 200,
      body: { Multiplier: 0.15 },
    });
  });

  it('dates delivery on a weekday: regular 3 days, overnight the next day, one more from the afternoon cutoff (§4)', async () => {
    expect(await dates()).toEqual({ regular: '2026-11-26', overnight: '2026-11-24' });
    t.advanceTime(3 * 3600_000); // Monday 13:00
    expect(await dates()).toEqual({ regular: '2026-11-26', overnight: '2026-11-25' });
    t.advanceTime(3 * 24 * 3600_000 + 2 * 3600_000); // Thursday 15:00: 4 days, Monday
    expect(await dates()).toEqual({ regular: '2026-12-01', overnight: '2026-11-30' });
  });

  it('dates delivery over the weekend: overnight 3 days on Friday and Saturday, 2 on Sunday, regular never on a weekend (§4)', async () => {
    t.advanceTime(19 * 3600_000); // Friday 10:00
    expect(await dates()).toEqual({ regular: '2026-12-02', overnight: '2026-11-30' });
    t.advanceTime(12 * 3600_000); // Friday 22:00 in New York, already Saturday in UTC
    expect(await dates()).toEqual({ regular: '2026-12-02', overnight: '2026-12-01' });
    t.advanceTime(12 * 3600_000); // Saturday 10:00
    expect(await dates()).toEqual({ regular: '2026-12-03', overnight: '2026-12-01' });
    t.advanceTime(24 * 3600_000); // Sunday 10:00
    expect(await dates()).toEqual({ regular: '2026-12-03', overnight: '2026-12-01' });
  });
});

describe('postage when the service is down (decision 043)', () => {
  it('answers 502 with the postage failure and limits each address by RATE_LIMIT_SALES_CHECKS', async () => {
    // EASYPOST_API_KEY set, EasyPost unreachable: nothing listens on port 9.
    const easypost = { apiKey: 'EZTK-key', baseUrl: 'http://127.0.0.1:9/v2/' };
    const t = await createTestApp({
      config: { easypost, rateLimits: { ...loadConfig({}).rateLimits, salesChecks: 2 } },
    });
    try {
      const url = postage({ weight: BUNDLE, toZipCode: '10001', shippingType: 2 });
      const send = () => t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.7' });
      const outage = await send();
      expect(outage.statusCode).toBe(502);
      expect(outage.json().error.message).toBe(POSTAGE_FAILED);
      expect((await send()).statusCode).toBe(502);
      expect((await send()).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
