import { applyAddressVerification } from '@monitor/domain/accounts/addresses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TEST_RATE_LIMITS } from '../../../test/helpers/test-app';
import type { AddressVerifier } from '../../adapters/address/address-verifier';
import { bearer, createUser, signIn } from '../../../test/helpers/factories';

const billing = (extra: Record<string, unknown> = {}) => ({
  FirstName: 'Dana',
  LastName: 'Demo',
  Address1: '1 Main St',
  Address2: '',
  City: 'rochester',
  State: 'NY',
  Zip: '14624',
  PhoneNumber: '5855550101',
  ...extra,
});

describe('address checks (accounts-devices-billing §3, §5, §7 "Sales"; store-and-public-site §7, §8 "Address")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const check = (userInfo: unknown, path = 'checkAddressValidity') =>
    t.app.inject({
      method: 'GET',
      url: `/api/sales/${path}/?${new URLSearchParams({
        userInfo: typeof userInfo === 'string' ? userInfo : JSON.stringify(userInfo),
      }).toString()}`,
    });

  it('accepts a US address without a session and answers the cleansed address with ReturnCode 22 (accounts-devices-billing §3, §5)', async () => {
    const response = await check(billing({ City: 'ROCHESTER', State: 'ny' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      Address1: '1 Main St',
      Address2: '',
      City: 'Rochester',
      State: 'NY',
      Zip: '14624',
      PostalCode: '14624',
      ReturnCode: 22,
      AddressCleansingResult:
        'ZIP code 14624 agrees with Rochester, NY; the street was not checked.',
    });
  });

  it('answers what the web app accepts: the cleansed address replaces the entered one (accounts-devices-billing §5)', async () => {
    const body = (await check(billing({ City: 'Gates' }))).json();
    const outcome = applyAddressVerification({
      entered: { address1: '1 Main St', address2: '', city: 'Gates', state: 'NY', zip: '14624' },
      result: {
        returnCode: body.ReturnCode,
        address1: body.Address1,
        address2: body.Address2,
        city: body.City,
        state: body.State,
        zip: body.Zip,
        cleansingResult: body.AddressCleansingResult,
      },
      variant: 'billing',
    });
    expect(outcome).toMatchObject({ isAccepted: true, address: { city: 'Rochester' } });
  });

  it('rejects a ZIP in another state with 12 and a detail the billing alert shows (accounts-devices-billing §5)', async () => {
    const body = (await check(billing({ State: 'NJ' }))).json();
    expect(body).toMatchObject({ ReturnCode: 12, State: 'NJ', Zip: '14624' });
    const outcome = applyAddressVerification({
      entered: {
        address1: '1 Main St',
        address2: '',
        city: 'Rochester',
        state: 'NJ',
        zip: '14624',
      },
      result: { returnCode: body.ReturnCode, cleansingResult: body.AddressCleansingResult },
      variant: 'billing',
    });
    expect(outcome).toEqual({
      isAccepted: false,
      reason: 'rejected',
      message:
        'Billing Address Verification Error : ZIP code 14624 is in NY, not NJ. Please re-enter your address and try again.',
    });
  });

  it('rejects an unknown ZIP with 11 and a missing street with 13 (accounts-devices-billing §5)', async () => {
    expect((await check(billing({ Zip: '99999' }))).json()).toMatchObject({ ReturnCode: 11 });
    expect((await check(billing({ Address1: '  ' }))).json()).toMatchObject({ ReturnCode: 13 });
  });

  it('accepts a Canadian postal code with ReturnCode 0, the province given as Province (accounts-devices-billing §5 "length 6 means a Canadian province")', async () => {
    const body = (
      await check(
        billing({
          Address1: '100 Queen St',
          City: 'Ottawa',
          State: '',
          Province: 'ON',
          Zip: 'k1a0b1',
        }),
      )
    ).json();
    expect(body).toMatchObject({
      ReturnCode: 0,
      State: 'ON',
      Zip: 'K1A 0B1',
      PostalCode: 'K1A 0B1',
    });
  });

  it("checks a shipping address sent with the checkout form's Shipping keys (store-and-public-site §3, §7)", async () => {
    const response = await check(
      {
        ShippingAddress1: '350 5th Ave',
        ShippingCity: 'New York',
        ShippingState: 'NY',
        ShippingZip: '10118',
      },
      'checkShippingAddressValidity',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ReturnCode: 22,
      Address1: '350 5th Ave',
      Zip: '10118',
    });
  });

  it('answers 400 naming userInfo for broken JSON and userInfo.<field> for a missing field', async () => {
    const broken = await check('{"Address1": ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toMatch(/userInfo/);
    const { Zip: _zip, ...withoutZip } = billing();
    const missing = await check(withoutZip);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: { code: 400, message: 'userInfo.Zip: Zip is required.' },
    });
    const none = await t.app.inject({ method: 'GET', url: '/api/sales/checkAddressValidity/' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toMatch(/userInfo/);
  });

  it("answers 502 with the spec's message when the verifier cannot answer (accounts-devices-billing §8)", async () => {
    const working = t.ctx.addresses;
    const down: AddressVerifier = {
      kind: 'smarty',
      verify: () => Promise.reject(new Error('connect ECONNREFUSED')),
    };
    t.ctx.addresses = down;
    try {
      const response = await check(billing());
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        error: {
          code: 502,
          message: 'An error occurred while validating address. Please try again.',
        },
      });
    } finally {
      t.ctx.addresses = working;
    }
  });
});

describe('address check limit (decision 035)', () => {
  it('limits the checks per client address even with a session', async () => {
    const t = await createTestApp({
      config: {
        rateLimits: {
          ...TEST_RATE_LIMITS,
          anonymousCalls: 100,
          login: 100,
          registration: 100,
          passwordReset: 100,
          deviceAuthFailures: 100,
          salesChecks: 2,
          storeWrites: 100,
        },
      },
    });
    try {
      const headers = bearer(await signIn(t.app, await createUser(t.ctx)));
      const url = `/api/sales/checkAddressValidity?${new URLSearchParams({ userInfo: JSON.stringify(billing()) }).toString()}`;
      const codes = [];
      for (let i = 0; i < 3; i++)
        codes.push(
          (await t.app.inject({ method: 'GET', url, headers, remoteAddress: '198.51.100.7' }))
            .statusCode,
        );
      expect(codes).toEqual([200, 200, 429]);
      const elsewhere = await t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.8' });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
