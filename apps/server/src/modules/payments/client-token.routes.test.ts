import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, injectAs, signIn } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import {
  ClientTokenRefused,
  PaymentProcessorUnavailable,
} from '../../adapters/payments/payment-processor';

const decode = (token: string) =>
  JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Record<string, unknown>;

describe('client tokens (store-and-public-site §7 Payment, accounts-devices-billing §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const customer = async () => {
    const user = await createUser(t.ctx);
    const { customerId } = await t.ctx.payments.createCustomer({
      firstName: 'Ann',
      lastName: 'Lee',
      email: user.email_address,
    });
    await t.ctx.db
      .updateTable('users')
      .set({ customer_id: customerId })
      .where('id', '=', user.id)
      .execute();
    return { user, customerId, token: await signIn(t.app, user) };
  };

  it.each(['getClientToken', 'generateClientToken'])(
    '%s answers a token for the caller’s own customer and one for a new card',
    async (name) => {
      const { customerId, token } = await customer();
      const own = await injectAs(
        t.app,
        token,
        'GET',
        `/api/paymentprocessing/${name}/?customerId=${customerId}`,
      );
      expect(own.statusCode).toBe(200);
      expect(decode(own.json<{ ClientToken: string }>().ClientToken)).toMatchObject({
        customerId,
        environment: 'local',
      });
      const fresh = await injectAs(t.app, token, 'GET', `/api/paymentprocessing/${name}/`);
      expect(fresh.statusCode).toBe(200);
      expect(decode(fresh.json<{ ClientToken: string }>().ClientToken)).toMatchObject({
        customerId: null,
      });
    },
  );

  it('refuses another customer’s id with 403, and a caller without a session with 401', async () => {
    const owner = await customer();
    const other = await customer();
    const response = await injectAs(
      t.app,
      other.token,
      'GET',
      `/api/paymentprocessing/getClientToken/?customerId=${owner.customerId}`,
    );
    expect(response.statusCode).toBe(403);
    const anonymous = await injectAs(t.app, null, 'GET', '/api/paymentprocessing/getClientToken/');
    expect(anonymous.statusCode).toBe(401);
  });

  it('gives a guest a token for a new card from generateClientToken, the store’s (store-and-public-site §6 "Visitor: … check out as a guest")', async () => {
    const owner = await customer();
    const guest = await injectAs(t.app, null, 'GET', '/api/paymentprocessing/generateClientToken/');
    expect(guest.statusCode).toBe(200);
    expect(decode(guest.json<{ ClientToken: string }>().ClientToken)).toMatchObject({
      customerId: null,
    });
    // A customer's vaulted cards stay behind their session.
    const withCustomer = await injectAs(
      t.app,
      null,
      'GET',
      `/api/paymentprocessing/generateClientToken/?customerId=${owner.customerId}`,
    );
    expect(withCustomer.statusCode).toBe(401);
    const other = await customer();
    const forbidden = await injectAs(
      t.app,
      other.token,
      'GET',
      `/api/paymentprocessing/generateClientToken/?customerId=${owner.customerId}`,
    );
    expect(forbidden.statusCode).toBe(403);
  });

  it('answers the provider’s message when it refuses a token (accounts-devices-billing §8 "Client token failure shows the server\'s message text")', async () => {
    const { customerId, token } = await customer();
    const generate = vi
      .spyOn(t.ctx.payments, 'generateClientToken')
      .mockRejectedValueOnce(
        new ClientTokenRefused('Customer specified by customer_id does not exist'),
      )
      .mockRejectedValueOnce(new PaymentProcessorUnavailable('ECONNRESET'));
    try {
      const response = await injectAs(
        t.app,
        token,
        'GET',
        `/api/paymentprocessing/getClientToken/?customerId=${customerId}`,
      );
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        error: { code: 502, message: 'Customer specified by customer_id does not exist' },
      });
      const down = await injectAs(t.app, token, 'GET', '/api/paymentprocessing/getClientToken/');
      expect(down.statusCode).toBe(503);
      expect(down.json<{ error: { message: string } }>().error.message).toBe(
        'The payment processor is not available right now. Please try again later.',
      );
    } finally {
      generate.mockRestore();
    }
  });
});
