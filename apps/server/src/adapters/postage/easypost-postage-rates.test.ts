import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEasypostPostageRates } from './easypost-postage-rates';
import { PostageRefused } from './postage-rates';
import {
  ADDRESS_REFUSED,
  SHIPMENT_NO_RATES,
  SHIPMENT_SEVERAL_CARRIERS,
  SHIPMENT_USPS,
} from './recorded/easypost-answers';

type Captured = { authorization?: string; body: { shipment: Record<string, unknown> } };

/** A stand-in for api.easypost.com on 127.0.0.1 answering the recorded answers by destination. */
async function startEasypostStub() {
  const requests: Captured[] = [];
  const app = Fastify();
  app.post('/v2/shipments', async (request, reply) => {
    const body = request.body as Captured['body'];
    requests.push({ authorization: request.headers.authorization, body });
    const to = (body.shipment.to_address as { zip: string }).zip;
    if (to === '00001') return reply.code(422).send(ADDRESS_REFUSED);
    if (to === '00002') return reply.code(503).type('text/plain').send('Service Unavailable');
    if (to === '59001') return reply.code(201).send(SHIPMENT_NO_RATES);
    return reply.code(201).send(to === '90002' ? SHIPMENT_SEVERAL_CARRIERS : SHIPMENT_USPS);
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url, requests };
}

const query = (toZip: string, service: 1 | 2, weightOunces = 43.9) => ({
  weightOunces,
  fromZip: '14624',
  toZip,
  service,
});

describe('EasyPost postage against recorded answers (decision 043)', () => {
  let stub: Awaited<ReturnType<typeof startEasypostStub>>;
  let postage: ReturnType<typeof createEasypostPostageRates>;
  beforeAll(async () => {
    stub = await startEasypostStub();
    postage = createEasypostPostageRates({ apiKey: 'EZTK-key', baseUrl: `${stub.url}/v2/` });
  });
  afterAll(() => stub.app.close());

  it('creates a shipment from the origin ZIP to the ZIP with a parcel of the weight in ounces, with the API key', async () => {
    await postage.quote(query('10001', 2));
    expect(stub.requests.at(-1)).toEqual({
      authorization: `Basic ${Buffer.from('EZTK-key:').toString('base64')}`,
      body: {
        shipment: {
          from_address: { zip: '14624', country: 'US' },
          to_address: { zip: '10001', country: 'US' },
          parcel: { weight: 43.9 },
        },
      },
    });
  });

  it('sends a Canadian postal code to Canada', async () => {
    await postage.quote(query('k1p1j9', 2, 10));
    expect(stub.requests.at(-1)?.body.shipment.to_address).toEqual({
      zip: 'K1P 1J9',
      country: 'CA',
    });
  });

  it('answers the cheapest ground rate for regular (2) and the next-day rate for overnight (1), in cents', async () => {
    expect(await postage.quote(query('10001', 2))).toEqual({
      rateCents: 593,
      carrier: 'USPS',
      serviceName: 'GroundAdvantage',
    });
    expect(await postage.quote(query('10001', 1))).toEqual({
      rateCents: 3310,
      carrier: 'USPS',
      serviceName: 'Express',
    });
  });

  it('picks the cheapest of several carriers, never a two-day or non-ground service', async () => {
    expect(await postage.quote(query('90002', 1))).toMatchObject({
      rateCents: 2986,
      serviceName: 'NextDayAirSaver',
    });
    expect(await postage.quote(query('90002', 2))).toMatchObject({
      rateCents: 874,
      serviceName: 'FEDEX_GROUND',
    });
  });

  it('refuses an address EasyPost rejects with its words, and a malformed ZIP without a call', async () => {
    await expect(postage.quote(query('00001', 2))).rejects.toThrow(
      new PostageRefused('Unable to verify address.'),
    );
    const before = stub.requests.length;
    await expect(postage.quote(query('1234', 2))).rejects.toThrow(
      "We don't recognise ZIP code 1234.",
    );
    expect(stub.requests).toHaveLength(before);
  });

  it('refuses a destination no carrier rates, with the carriers’ messages', async () => {
    await expect(postage.quote(query('59001', 1))).rejects.toThrow(
      new PostageRefused(
        'No overnight service to 59001. Account numbers should be 6 characters or less.',
      ),
    );
  });

  it('fails, not refuses, when EasyPost is down or unreachable (the caller answers 502)', async () => {
    const outage = postage.quote(query('00002', 2));
    await expect(outage).rejects.toThrow();
    await expect(outage).rejects.not.toBeInstanceOf(PostageRefused);
    const unreachable = createEasypostPostageRates({
      apiKey: 'EZTK-key',
      baseUrl: 'http://127.0.0.1:9/v2/',
    });
    await expect(unreachable.quote(query('10001', 2))).rejects.not.toBeInstanceOf(PostageRefused);
  });
});
