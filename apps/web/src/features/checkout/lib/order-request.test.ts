import { describe, expect, it } from 'vitest';
import { cents } from '@monitor/domain/shared/money';
import { createCart } from '@monitor/domain/store/cart';
import { computeCartTotals } from '@monitor/domain/store/cart-totals';
import { attemptFingerprint, buildOrderRequest } from './order-request';

const address = (extra = {}) => ({
  firstName: 'Dana',
  lastName: 'Scully',
  address1: '1 King St W',
  address2: '',
  city: 'Toronto',
  state: 'ON',
  zip: 'm5v 2t6',
  phone: { areaCode: '', prefix: '', lineNumber: '' },
  ...extra,
});

function request(card = { nonce: 'tokencc_1', deviceData: null }) {
  const items = [{ itemId: 4, quantity: 2, weight: 2, unitPrice: cents(3900) }];
  const cart = {
    ...createCart(),
    items,
    shippingType: 'regularShipping' as const,
    zipCode: 'M5V 2T6',
  };
  return buildOrderRequest({
    cart,
    items,
    totals: computeCartTotals(cart),
    email: ' dana@example.com ',
    billing: address(),
    shipping: address(),
    card,
    userDeviceId: null,
    customerId: null,
    tenantId: 2,
  });
}

describe('buildOrderRequest', () => {
  it('sends a Canadian address with the province as state, the postal code upper-cased (store-and-public-site §5)', () => {
    expect(request().payer).toMatchObject({
      State: 'ON',
      Province: 'ON',
      Zip: 'M5V 2T6',
      ShippingState: 'ON',
      ShippingZip: 'M5V 2T6',
      Email: 'dana@example.com',
    });
  });

  it('sends the nonce, never a card number, the site brand, and the figures as information only (store-and-public-site §3)', () => {
    const body = request();
    expect(body.payer.PaymentNonce).toBe('tokencc_1');
    expect(JSON.stringify(body)).not.toMatch(/PaymentCardNumber|CVV/);
    expect(body).toMatchObject({
      TenantId: 2,
      TermsAccepted: true,
      quantity: 2,
      subTotal: 78,
      ShippingType: 'regularShipping',
    });
  });

  it('counts two sends with different nonces as the same attempt (decision 046)', () => {
    expect(attemptFingerprint(request({ nonce: 'a', deviceData: null }))).toBe(
      attemptFingerprint(request({ nonce: 'b', deviceData: null })),
    );
  });
});
