import { describe, expect, it } from 'vitest';
import { buildOrderConfirmationMail, type OrderConfirmationMail } from './order-confirmation.mail';

const mail = (extra: Partial<OrderConfirmationMail> = {}): OrderConfirmationMail => ({
  to: 'buyer@example.com',
  brand: { name: 'CellWatch', phone: '1-866-555-0142', email: 'support@cellwatch.example' },
  firstName: 'Gina',
  orderNumber: '100041',
  lines: [
    {
      storeName: 'Cellular Monitor',
      quantity: 2,
      unitPriceCents: 22900,
      amountCents: 45800,
      serial: null,
    },
  ],
  subTotalCents: 45800,
  discountCents: 4580,
  shippingCents: 1500,
  taxCents: 3665,
  grandTotalCents: 50385,
  deliveryDate: '2026-11-30',
  creditedDeviceName: null,
  shipTo: { address1: '350 5TH AVE', address2: null, city: 'NEW YORK', state: 'NY', zip: '10118' },
  promoCode: 'SAVE10',
  ...extra,
});

describe('buildOrderConfirmationMail', () => {
  it('names the address the order ships to and the promotion used (issue #24)', () => {
    const { text, html } = buildOrderConfirmationMail(mail());
    expect(text).toContain('Ships to 350 5TH AVE, NEW YORK, NY 10118.');
    expect(text).toContain('Promotion: SAVE10');
    expect(html).toContain('Ships to 350 5TH AVE, NEW YORK, NY 10118.');
    expect(html).toContain('Promotion: SAVE10');
  });

  it('names no address or promotion when nothing ships and none was used', () => {
    const { text } = buildOrderConfirmationMail(
      mail({ shipTo: null, promoCode: null, discountCents: 0, deliveryDate: null }),
    );
    expect(text).not.toContain('Ships to');
    expect(text).not.toContain('Promotion');
  });
});
