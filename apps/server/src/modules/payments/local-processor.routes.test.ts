import {
  filterPaymentErrors,
  PAYMENT_ERROR_MESSAGES,
} from '@monitor/domain/billing/payment-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { cardDecliningWith, GOOD_CARDS } from '../../../test/helpers/payments';

/** The local processor's card fields (decision 034), as the framed page and its script use them. */
describe('the local processor’s card fields (store-and-public-site §7 Payment)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const fingerprint = async (customerId: string | null = null) => {
    const token = await t.ctx.payments.generateClientToken({ customerId });
    return (
      JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as {
        authorizationFingerprint: string;
      }
    ).authorizationFingerprint;
  };
  const tokenize = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/local-processor/tokenize', payload: body });
  const card = { expirationMonth: '12', expirationYear: '2030', cvv: '123' };

  it('serves the card page framable by the app’s origin only, under a strict policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/local-processor/hosted-fields' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors http://localhost:3000');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'sha256-[^']+'(;|$)/);
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.body).toContain('data-app-origin="http://localhost:3000"');
    // The frame posts to the app's origin only, never to '*'.
    expect(page.body).toContain('parent.postMessage(message, appOrigin)');
    expect(page.body).not.toContain("'*'");
  });

  it('serves the app page’s script offering hostedFields.create → tokenize', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/local-processor/hosted-fields.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('window.localProcessor = { hostedFields: { create: create } }');
    expect(script.body).toContain('event.origin !== frameOrigin');
  });

  it('turns a card into a nonce for a valid client token, answering only type and last 4', async () => {
    const response = await tokenize({
      authorizationFingerprint: await fingerprint(),
      number: GOOD_CARDS.visa,
      ...card,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ nonce: string; details: object }>();
    expect(body.details).toEqual({ cardType: 'Visa', lastFour: '1111' });
    expect(response.body).not.toContain(GOOD_CARDS.visa);
    const { customerId } = await t.ctx.payments.createCustomer({
      firstName: 'A',
      lastName: 'B',
      email: 'a@example.com',
    });
    expect((await t.ctx.payments.vaultCard({ customerId, nonce: body.nonce })).ok).toBe(true);
  });

  it('refuses a forged or expired client token with 401', async () => {
    const forged = await tokenize({
      authorizationFingerprint: 'e30.forged',
      number: GOOD_CARDS.visa,
      ...card,
    });
    expect(forged.statusCode).toBe(401);
    const issued = await fingerprint();
    t.advanceTime(24 * 60 * 60 * 1000 + 1);
    const expired = await tokenize({
      authorizationFingerprint: issued,
      number: GOOD_CARDS.visa,
      ...card,
    });
    expect(expired.statusCode).toBe(401);
  });

  it('answers a missing field as a 400 the payment error filter flags (store-and-public-site §8 "Missing field")', async () => {
    const response = await tokenize({ authorizationFingerprint: await fingerprint(), ...card });
    expect(response.statusCode).toBe(400);
    const { error } = response.json<{ error: { message: string; processorErrors: [] } }>();
    const outcome = filterPaymentErrors({ status: 400, errors: error.processorErrors });
    expect(outcome.flags.missingField).toBe(true);
    expect(error.message).toBe(PAYMENT_ERROR_MESSAGES.singleFieldError);
  });

  it('tokenizes a declining test card: the decline comes at vaulting, as in the sandbox (store-and-public-site §8)', async () => {
    const response = await tokenize({
      authorizationFingerprint: await fingerprint(),
      number: cardDecliningWith(10752),
      ...card,
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a body with a field the card fields do not send', async () => {
    const response = await tokenize({
      authorizationFingerprint: await fingerprint(),
      number: GOOD_CARDS.visa,
      ...card,
      cardholderSsn: '1',
    });
    expect(response.statusCode).toBe(400);
  });
});
