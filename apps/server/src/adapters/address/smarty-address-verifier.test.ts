import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressToVerify } from './address-verifier';
import {
  CANADA_LOCALITY_ONLY,
  CANADA_VERIFIED,
  UNAUTHORIZED,
  US_CORRECTED,
  US_EXACT,
  US_NONE,
  US_SECONDARY_MISSING,
} from './recorded/smarty-answers';
import { createSmartyAddressVerifier } from './smarty-address-verifier';

type Query = Record<string, string>;

/** A stand-in for Smarty's two APIs on 127.0.0.1, answering the recorded answers by street. */
async function startSmartyStub() {
  const requests: { path: string; query: Query }[] = [];
  const app = Fastify();
  const us: Record<string, unknown> = {
    '1 N Rosedale St': US_EXACT,
    '1 north rosedale': US_CORRECTED,
    '1600 Amphitheatre Pkwy': US_SECONDARY_MISSING,
  };
  const canada: Record<string, unknown> = {
    '100 Queen St': CANADA_VERIFIED,
    '1 Nowhere Lane': CANADA_LOCALITY_ONLY,
  };
  app.get('/street-address', async (request, reply) => {
    const query = request.query as Query;
    requests.push({ path: '/street-address', query });
    if (query['auth-id'] !== 'id') return reply.code(401).send(UNAUTHORIZED);
    if (query.street === 'down') return reply.code(503).send('');
    return us[query.street ?? ''] ?? US_NONE;
  });
  app.get('/verify', async (request) => {
    const query = request.query as Query;
    requests.push({ path: '/verify', query });
    return canada[query.address1 ?? ''] ?? [];
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url, requests };
}

const address = (extra: Partial<AddressToVerify>): AddressToVerify => ({
  address1: '1 N Rosedale St',
  address2: '',
  city: 'Baltimore',
  state: 'MD',
  zip: '21229',
  ...extra,
});

describe('Smarty address verifier against recorded answers (accounts-devices-billing §3, §5; decision 035)', () => {
  let stub: Awaited<ReturnType<typeof startSmartyStub>>;
  let verifier: ReturnType<typeof createSmartyAddressVerifier>;
  beforeAll(async () => {
    stub = await startSmartyStub();
    verifier = createSmartyAddressVerifier({
      authId: 'id',
      authToken: 'token',
      baseUrls: {
        usStreet: `${stub.url}/street-address`,
        internationalStreet: `${stub.url}/verify`,
      },
    });
  });
  afterAll(() => stub.app.close());

  it('asks the US Street API strictly, signed with the auth id and token, and answers 31 for a confirmed address', async () => {
    const result = await verifier.verify(address({}));
    expect(stub.requests.at(-1)).toMatchObject({
      path: '/street-address',
      query: {
        'auth-id': 'id',
        'auth-token': 'token',
        street: '1 N Rosedale St',
        city: 'Baltimore',
        state: 'MD',
        zipcode: '21229',
        match: 'strict',
        candidates: '1',
      },
    });
    expect(result).toEqual({
      returnCode: 31,
      address1: '1 N Rosedale St',
      address2: '',
      city: 'Baltimore',
      state: 'MD',
      zip: '21229',
      cleansingResult: 'Address found.',
    });
  });

  it('answers 32 with the corrected address when Smarty corrected the city or street', async () => {
    const result = await verifier.verify(
      address({ address1: '1 north rosedale', city: 'Baltimor' }),
    );
    expect(result).toMatchObject({
      returnCode: 32,
      address1: '1 N Rosedale St',
      city: 'Baltimore',
    });
    expect(result.cleansingResult).toContain('B#');
  });

  it('answers 21 when the building is confirmed but its suite is missing (DPV D)', async () => {
    const result = await verifier.verify(
      address({
        address1: '1600 Amphitheatre Pkwy',
        city: 'Mountain View',
        state: 'CA',
        zip: '94043',
      }),
    );
    expect(result).toMatchObject({ returnCode: 21, address1: '1600 Amphitheatre Pkwy' });
  });

  it('answers 23 when Smarty finds no deliverable address, or 12 when the ZIP is in another state', async () => {
    expect(await verifier.verify(address({ address1: '99999 Nowhere Rd' }))).toMatchObject({
      returnCode: 23,
    });
    expect(
      await verifier.verify(address({ address1: '99999 Nowhere Rd', state: 'VA' })),
    ).toMatchObject({ returnCode: 12 });
  });

  it('answers 13 for a missing street and 11 for a malformed ZIP without asking Smarty', async () => {
    const before = stub.requests.length;
    expect(await verifier.verify(address({ address1: '' }))).toMatchObject({ returnCode: 13 });
    expect(await verifier.verify(address({ zip: '2122' }))).toMatchObject({ returnCode: 11 });
    expect(stub.requests.length).toBe(before);
  });

  it('asks Smarty by city and state when the ZIP is left empty, and takes its ZIP', async () => {
    expect(await verifier.verify(address({ zip: '' }))).toMatchObject({
      returnCode: 32,
      zip: '21229',
    });
    expect(stub.requests.at(-1)?.query).toMatchObject({ city: 'Baltimore', state: 'MD' });
  });

  it('asks the International Street API for a Canadian address and answers 0, or 23 when only the city matched', async () => {
    const result = await verifier.verify({
      address1: '100 Queen St',
      address2: '',
      city: 'Ottawa',
      state: 'ON',
      zip: 'K1P1J9',
    });
    expect(stub.requests.at(-1)).toMatchObject({
      path: '/verify',
      query: {
        country: 'CAN',
        address1: '100 Queen St',
        locality: 'Ottawa',
        administrative_area: 'ON',
        postal_code: 'K1P1J9',
      },
    });
    expect(result).toEqual({
      returnCode: 0,
      address1: '100 Queen St',
      address2: '',
      city: 'Ottawa',
      state: 'ON',
      zip: 'K1P 1J9',
      cleansingResult: 'Address found (Verified, Premise).',
    });
    expect(
      await verifier.verify({
        address1: '1 Nowhere Lane',
        address2: '',
        city: 'Ottawa',
        state: 'ON',
        zip: 'K1P 1J9',
      }),
    ).toMatchObject({ returnCode: 23 });
  });

  it('rejects when Smarty refuses the credentials or is down, so the call answers 502', async () => {
    const wrong = createSmartyAddressVerifier({
      authId: 'wrong',
      authToken: 'token',
      baseUrls: {
        usStreet: `${stub.url}/street-address`,
        internationalStreet: `${stub.url}/verify`,
      },
    });
    await expect(wrong.verify(address({}))).rejects.toBeDefined();
    await expect(verifier.verify(address({ address1: 'down' }))).rejects.toBeDefined();
  });
});

const live = process.env.SMARTY_AUTH_ID && process.env.SMARTY_AUTH_TOKEN;

describe.skipIf(!live)(
  'Smarty address verifier against the real service (SMARTY_AUTH_ID set)',
  () => {
    it('confirms a known address with 31 or 32', async () => {
      const verifier = createSmartyAddressVerifier({
        authId: process.env.SMARTY_AUTH_ID ?? '',
        authToken: process.env.SMARTY_AUTH_TOKEN ?? '',
      });
      const result = await verifier.verify(address({}));
      expect([31, 32]).toContain(result.returnCode);
      expect(result.zip).toBe('21229');
    });
  },
);
