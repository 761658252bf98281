import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs } from '../../../test/helpers/factories';
import {
  createSubscriber,
  planId,
  subscribe,
  subscriptionRequest,
  unitOf,
  type Subscriber,
} from '../../../test/helpers/subscription-fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { insertInvoice } from './invoices.repository';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ start: new Date('2026-11-22T12:00:00Z') });
});
afterAll(() => t.close());

/** A billed customer's invoice subscription on a type 7 unit, saved through the API. */
async function invoiceSubscription(billed: Subscriber): Promise<number> {
  const unit = await unitOf(t.ctx, billed.user.id, 7);
  const plan = { Id: await planId(t.ctx, 6, 'Annual'), PlanType: 'Annual' };
  const saved = await injectAs(
    t.app,
    billed.token,
    'POST',
    '/api/subscriptions',
    subscriptionRequest(billed, unit, plan, null),
  );
  expect(saved.statusCode).toBe(200);
  return saved.json<{ Id: number }>().Id;
}

async function addInvoice(
  userId: number,
  subscriptionId: number,
  periodStart: string,
  periodEnd: string,
  cents: { subtotal: number; tax: number },
) {
  await insertInvoice(t.ctx.db, {
    user_id: userId,
    subscription_id: subscriptionId,
    term: 1,
    credit_cents: 0,
    period_start: periodStart,
    period_end: periodEnd,
    lines: [
      { description: 'Annual plan', quantity: 12, unitCents: 825, amountCents: cents.subtotal },
    ],
    subtotal_cents: cents.subtotal,
    tax_cents: cents.tax,
    total_cents: cents.subtotal + cents.tax,
    issued_on: periodStart,
    due_on: periodStart.replace(/-\d\d$/, '-28'),
    created_at: t.ctx.now(),
  });
}

describe('GET /api/subscriptions/{Id}/invoices', () => {
  it("answers a billed subscription's invoices, newest first, with money in 2 decimals (accounts-devices-billing §6)", async () => {
    const billed = await createSubscriber(t, { billingType: 1, apContact: 'ap@example.com' });
    // Its year began today, so saving it issued this year's invoice (net 30); last year's by hand.
    const id = await invoiceSubscription(billed);
    await addInvoice(billed.user.id, id, '2025-11-22', '2026-11-21', { subtotal: 9900, tax: 792 });
    const response = await injectAs(
      t.app,
      billed.token,
      'GET',
      `/api/subscriptions/${id}/invoices`,
    );
    expect(response.statusCode).toBe(200);
    const invoices = response.json<Record<string, string>[]>();
    expect(invoices).toHaveLength(2);
    expect(invoices[0]).toEqual({
      InvoiceNumber: expect.stringMatching(/^\d+$/),
      PeriodStart: '2026-11-22',
      PeriodEnd: '2027-11-21',
      IssuedOn: '2026-11-22',
      DueDate: '2026-12-22',
      SubTotal: '99.00',
      Tax: expect.stringMatching(/^\d+\.\d\d$/),
      AmountDue: (99 + Number(invoices[0]?.Tax)).toFixed(2),
    });
    expect(invoices[1]).toMatchObject({
      PeriodStart: '2025-11-22',
      DueDate: '2025-11-28',
      Tax: '7.92',
      AmountDue: '106.92',
    });
  });

  it('answers an empty list for a card subscription, which is never invoiced', async () => {
    const s = await createSubscriber(t);
    const id = await subscribe(t, s);
    const response = await injectAs(t.app, s.token, 'GET', `/api/subscriptions/${id}/invoices`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it("refuses another user's subscription (403), an unknown one (404), bad ids (400) and the signed-out (401)", async () => {
    const billed = await createSubscriber(t, { billingType: 1, apContact: 'ap@example.com' });
    const other = await createSubscriber(t);
    const id = await invoiceSubscription(billed);
    await addInvoice(billed.user.id, id, '2026-11-22', '2027-11-21', { subtotal: 9900, tax: 0 });
    const asOther = await injectAs(t.app, other.token, 'GET', `/api/subscriptions/${id}/invoices`);
    expect(asOther.statusCode).toBe(403);
    expect(asOther.body).not.toContain('99.00');
    const unknown = await injectAs(
      t.app,
      billed.token,
      'GET',
      '/api/subscriptions/987654321/invoices',
    );
    expect(unknown.statusCode).toBe(404);
    const bad = await injectAs(t.app, billed.token, 'GET', '/api/subscriptions/abc/invoices');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { code: expect.anything(), message: expect.any(String) },
    });
    const signedOut = await injectAs(t.app, null, 'GET', `/api/subscriptions/${id}/invoices`);
    expect(signedOut.statusCode).toBe(401);
  });
});
