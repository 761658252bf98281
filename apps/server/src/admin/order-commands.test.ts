import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { GOOD_CARDS, nonceFor } from '../../test/helpers/payments';
import { parseAdminCommand, runAdminCommand, UsageError } from './commands';

describe('order admin commands (decision 044)', () => {
  let t: TestApp;
  let orderNumber: string;
  let grandTotal: number;

  const admin = (...argv: string[]) =>
    runAdminCommand(t.ctx, parseAdminCommand(argv), { defaultTenantId: 2 });

  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-25T15:00:00Z') });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sales/',
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        payer: {
          FirstName: 'Lin',
          LastName: 'Buyer',
          Email: 'lin.buyer@example.com',
          Address1: '1 Main St',
          City: 'Rochester',
          State: 'NY',
          Zip: '14614',
          PaymentNonce: await nonceFor(t.ctx, GOOD_CARDS.visa),
        },
        items: [{ ItemId: 4, Quantity: 2 }],
        ShippingType: 'regularShipping',
        TermsAccepted: true,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    ({ OrderNumber: orderNumber, GrandTotal: grandTotal } = response.json());
  });
  afterAll(() => t.close());

  it('lists and shows orders, by status too', async () => {
    expect(await admin('list-orders')).toContain(`${orderNumber} `);
    expect(await admin('list-orders', '--status', 'shipped')).toBe('No shipped orders.');
    const shown = await admin('show-order', orderNumber);
    expect(shown).toContain('2 × #4 Wireless Sensor Puck at $39.00 = $78.00');
    expect(shown).toContain('Buyer: Lin Buyer <lin.buyer@example.com> (guest)');
    expect(shown).toMatch(/Charge #\d+ succeeded/);
  });

  it('ships an order with its tracking number and e-mails the buyer', async () => {
    const said = await admin('ship-order', orderNumber, '--tracking', '1Z999AA10123456784');
    expect(said).toContain('shipped with tracking number 1Z999AA10123456784');
    const mail = await t.ctx.db
      .selectFrom('deliveries')
      .selectAll()
      .where('kind', '=', 'order-shipped')
      .executeTakeFirstOrThrow();
    expect(mail.address).toBe('lin.buyer@example.com');
    expect(mail.body).toContain('Tracking number: 1Z999AA10123456784');
    expect(await admin('list-orders', '--status', 'shipped')).toContain(orderNumber);
  });

  it('refunds part of an order, then the rest, and marks it refunded', async () => {
    const part = await admin('refund-order', orderNumber, '--amount', '10');
    expect(part).toContain('Refunded $10.00');
    expect(await admin('list-orders', '--status', 'refunded')).toBe('No refunded orders.');
    const rest = await admin('refund-order', orderNumber);
    expect(rest).toContain(`Refunded $${(grandTotal - 10).toFixed(2)}`);
    expect(rest).toContain('the order is refunded');
    expect(await admin('list-orders', '--status', 'refunded')).toContain(orderNumber);
    await expect(admin('refund-order', orderNumber)).rejects.toThrow(UsageError);
  });

  it('refuses an unknown order and bad arguments', async () => {
    await expect(admin('show-order', '999999999')).rejects.toThrow('No order has the number');
    expect(() => parseAdminCommand(['ship-order', orderNumber])).toThrow('--tracking is required.');
    expect(() => parseAdminCommand(['list-orders', '--status', 'lost'])).toThrow(UsageError);
  });
});
