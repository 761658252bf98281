import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, impersonate, injectAs, signIn } from '../../../test/helpers/factories';
import {
  createSubscriber,
  subscribe,
  subscriptionRow,
  vaultedCardCount,
} from '../../../test/helpers/subscription-fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { PaymentProcessorUnavailable } from '../../adapters/payments/payment-processor';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ start: new Date('2026-11-22T12:00:00Z') });
});
afterAll(() => t.close());

/** The user's card changes in the audit log (issue #22), oldest first. */
const cardChanges = (userId: number) =>
  t.ctx.db
    .selectFrom('audit_events')
    .select(['actor_id', 'detail'])
    .where('user_id', '=', userId)
    .where('action', '=', 'billing.card-change')
    .orderBy('id')
    .execute();

const cardInfo = (token: string, userId: number) =>
  injectAs(t.app, token, 'GET', `/api/subscriptions/getusercreditcardinfo/${userId}`);

describe('GET /api/subscriptions/getusercreditcardinfo/{userId}', () => {
  it('answers the card with its last 4 only and the subscriptions it pays (accounts-devices-billing §3)', async () => {
    const s = await createSubscriber(t);
    const first = await subscribe(t, s);
    const second = await subscribe(t, s);
    const response = await cardInfo(s.token, s.user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      SubscriptionIds: [second],
      CreditCardType: 'Visa',
      CreditCardNumber: '1111',
      ExpDate: expect.stringMatching(/^\d{2}\/\d{4}$/),
      ExpMonth: expect.any(Number),
      ExpYear: expect.any(Number),
      CardMatch: false,
    });
    expect(first).not.toBe(second);
  });

  it("refuses another user's card info (403)", async () => {
    const s = await createSubscriber(t);
    const other = await createSubscriber(t);
    await subscribe(t, s);
    const response = await cardInfo(other.token, s.user.id);
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('1111');
  });

  it('refuses a sub-account its own card info: sub-accounts manage no billing (accounts-devices-billing §6)', async () => {
    const s = await createSubscriber(t);
    const sub = await createUser(t.ctx, { parentId: s.user.id });
    expect((await cardInfo(await signIn(t.app, sub), sub.id)).statusCode).toBe(403);
  });
});

describe('PUT /api/subscriptions/updatecreditcard/', () => {
  it('puts the new card on every card subscription but a CancelledProfile one and lets the old card go (accounts-devices-billing §4)', async () => {
    const s = await createSubscriber(t);
    const kept = await subscribe(t, s);
    const cancelled = await subscribe(t, s);
    await t.ctx.db
      .updateTable('subscriptions')
      .set({ status: 'Cancelled' })
      .where('id', '=', cancelled)
      .execute();
    const cards = await vaultedCardCount(t.ctx);
    const response = await injectAs(t.app, s.token, 'PUT', '/api/subscriptions/updatecreditcard/', {
      UserId: s.user.id,
      PaymentNonce: 'fake-valid-amex-nonce',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      SubscriptionIds: [kept],
      CreditCardType: 'Amex',
      CreditCardNumber: '0005',
      CardMatch: true,
    });
    expect((await subscriptionRow(t.ctx, kept))?.card_last4).toBe('0005');
    expect((await subscriptionRow(t.ctx, cancelled))?.card_last4).toBe('1111');
    // The kept subscription's old card is gone; the cancelled one still holds its own.
    expect(await vaultedCardCount(t.ctx)).toBe(cards);
    // Recorded with the change: type and last 4, never the number or the vault token (issue #22).
    const changes = await cardChanges(s.user.id);
    expect(changes).toEqual([
      {
        actor_id: s.user.id,
        detail: { cardType: 'Amex', last4: '0005', subscriptionIds: [kept] },
      },
    ]);
    const token = (await subscriptionRow(t.ctx, kept))?.payment_method_token;
    expect(JSON.stringify(changes)).not.toContain(String(token));
  });

  it('names the staff member behind an impersonation as who changed the card (issue #22)', async () => {
    const s = await createSubscriber(t);
    await subscribe(t, s);
    const { staff, token: asCustomer } = await impersonate(t.app, t.ctx, s.user.id);
    const response = await injectAs(
      t.app,
      asCustomer,
      'PUT',
      '/api/subscriptions/updatecreditcard',
      {
        UserId: s.user.id,
        PaymentNonce: 'fake-valid-mastercard-nonce',
      },
    );
    expect(response.statusCode).toBe(200);
    expect((await cardChanges(s.user.id)).map((change) => change.actor_id)).toEqual([staff.id]);
  });

  it('answers a refused card with the processor errors and changes nothing', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s);
    const response = await injectAs(t.app, s.token, 'PUT', '/api/subscriptions/updatecreditcard', {
      UserId: s.user.id,
      PaymentNonce: 'fake-processor-declined-visa-nonce',
    });
    expect(response.statusCode).toBe(400);
    expect(
      response.json<{ error: { processorErrors: unknown[] } }>().error.processorErrors,
    ).not.toEqual([]);
    expect((await subscriptionRow(t.ctx, id))?.card_last4).toBe('1111');
    expect(await cardChanges(s.user.id)).toEqual([]);
  });

  it("refuses another user's update (403) and a card number field (400)", async () => {
    const s = await createSubscriber(t);
    const other = await createSubscriber(t);
    await subscribe(t, s);
    const body = { UserId: s.user.id, PaymentNonce: 'fake-valid-nonce' };
    const url = '/api/subscriptions/updatecreditcard';
    expect((await injectAs(t.app, other.token, 'PUT', url, body)).statusCode).toBe(403);
    const withNumber = { ...body, CreditCardNumber: '4111111111111111' };
    expect((await injectAs(t.app, s.token, 'PUT', url, withNumber)).statusCode).toBe(400);
  });
});

describe('POST /api/subscriptions/validatecard/', () => {
  it('verifies a card without keeping it', async () => {
    const s = await createSubscriber(t);
    const cards = await vaultedCardCount(t.ctx);
    const response = await injectAs(t.app, s.token, 'POST', '/api/subscriptions/validatecard/', {
      UserId: s.user.id,
      PaymentNonce: 'fake-valid-discover-nonce',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Valid: true,
      CreditCardType: 'Discover',
      CreditCardNumber: '1117',
    });
    expect(await vaultedCardCount(t.ctx)).toBe(cards);
  });

  it('answers a declined card with the processor errors for the payment error filter', async () => {
    const s = await createSubscriber(t);
    const response = await injectAs(t.app, s.token, 'POST', '/api/subscriptions/validatecard', {
      UserId: s.user.id,
      PaymentNonce: 'fake-processor-declined-mastercard-nonce',
    });
    expect(response.statusCode).toBe(400);
    expect(
      response.json<{ error: { processorErrors: unknown[] } }>().error.processorErrors,
    ).not.toEqual([]);
  });

  it('answers 503 in the error shape, never a 500, when the processor cannot be reached', async () => {
    const s = await createSubscriber(t);
    const payments = t.ctx.payments;
    t.ctx.payments = {
      ...payments,
      vaultCard: () => Promise.reject(new PaymentProcessorUnavailable('connect ECONNREFUSED')),
    };
    try {
      const response = await injectAs(t.app, s.token, 'POST', '/api/subscriptions/validatecard', {
        UserId: s.user.id,
        PaymentNonce: 'fake-valid-visa-nonce',
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: {
          code: 503,
          message:
            'An error occurred creating subscription with payment vendor. Please contact customer support.',
        },
      });
    } finally {
      t.ctx.payments = payments;
    }
  });
});
