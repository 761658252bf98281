import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCart, type Cart, type CartItem } from './cart';
import {
  computeCartTotals,
  computeSubTotal,
  isZipLongEnoughForTax,
  setCartTax,
} from './cart-totals';
import { cents } from '../shared/money';
import { readPromotionValue, type Promotion } from './promotions';

const line = (itemId: number, quantity: number, unitPrice: number): CartItem => ({
  itemId,
  quantity,
  weight: 1,
  unitPrice: cents(unitPrice),
});
const promo = (extra: Partial<Promotion>): Promotion => ({
  id: 1,
  code: 'P',
  devicePrice: null,
  discount: null,
  shippingDiscount: null,
  freeShipping: false,
  expirationDate: null,
  ...extra,
});
const cart = (extra: Partial<Cart>): Cart => ({
  ...createCart(),
  items: [line(1, 2, 19900), line(4, 1, 2500)],
  shippingType: 'regularShipping',
  shippingCost: cents(1200),
  zipCode: '14624',
  taxRate: 0.08,
  ...extra,
});

describe('computeCartTotals', () => {
  it('adds subtotal, shipping and tax and takes off the discount (store-and-public-site §9)', () => {
    // subtotal 42300; discount 1000; tax 8% of 41300 = 3304; shipping 1200
    expect(computeCartTotals(cart({ promo: promo({ discount: readPromotionValue(10) }) }))).toEqual(
      {
        subTotal: 42300,
        shipping: 1200,
        shippingDiscount: 0,
        tax: 3304,
        discount: 1000,
        grandTotal: 42300 + 1200 + 3304 - 1000,
      },
    );
  });

  it('takes a percent discount of the subtotal (store-and-public-site §9)', () => {
    const totals = computeCartTotals(cart({ promo: promo({ discount: readPromotionValue(-10) }) }));
    expect(totals.discount).toBe(4230);
  });

  it('takes the whole subtotal at -100 percent', () => {
    const totals = computeCartTotals(
      cart({ promo: promo({ discount: readPromotionValue(-100) }), taxRate: 0 }),
    );
    expect(totals.discount).toBe(42300);
    expect(totals.grandTotal).toBe(1200);
  });

  it('caps a fixed discount at the subtotal (store-and-public-site §9)', () => {
    const totals = computeCartTotals(
      cart({ items: [line(4, 1, 2500)], promo: promo({ discount: readPromotionValue(100) }) }),
    );
    expect(totals.discount).toBe(2500);
    expect(totals.tax).toBe(0);
    expect(totals.grandTotal).toBe(1200);
  });

  it('makes shipping free with a free-shipping promo', () => {
    const totals = computeCartTotals(cart({ promo: promo({ freeShipping: true }) }));
    expect(totals.shipping).toBe(0);
    expect(totals.shippingDiscount).toBe(1200);
  });

  it('never takes shipping below zero with a shipping discount (store-and-public-site §9)', () => {
    expect(
      computeCartTotals(cart({ promo: promo({ shippingDiscount: readPromotionValue(50) }) }))
        .shipping,
    ).toBe(0);
    expect(
      computeCartTotals(cart({ promo: promo({ shippingDiscount: readPromotionValue(-25) }) }))
        .shipping,
    ).toBe(900);
  });

  it('charges no shipping while no delivery method is chosen or none is needed', () => {
    expect(computeCartTotals(cart({ shippingType: null })).shipping).toBe(0);
    expect(computeCartTotals(cart({ shippingType: 'none' })).shipping).toBe(0);
  });

  it('charges tax only with a zip of at least 5 characters (store-and-public-site §4 "Tax", §9)', () => {
    expect(computeCartTotals(cart({ zipCode: '1462' })).tax).toBe(0);
    expect(computeCartTotals(cart({ zipCode: null })).tax).toBe(0);
    expect(computeCartTotals(cart({ zipCode: '14624' })).tax).toBe(3384);
  });

  it('totals an empty cart at zero', () => {
    expect(computeCartTotals(createCart())).toEqual({
      subTotal: 0,
      shipping: 0,
      shippingDiscount: 0,
      tax: 0,
      discount: 0,
      grandTotal: 0,
    });
  });

  it('never gives a negative figure, whatever the promo, shipping and tax (store-and-public-site §9)', () => {
    const arbitraryLine = fc.record({
      itemId: fc.integer({ min: 1, max: 30 }),
      quantity: fc.integer({ min: 1, max: 30 }),
      weight: fc.double({ min: 0, max: 50, noNaN: true }),
      unitPrice: fc.integer({ min: 0, max: 1_000_000 }).map(cents),
    });
    const rawDiscount = fc.oneof(
      fc.constant(null),
      fc.integer({ min: -150, max: 2_000_000 }).map((n) => n / 100),
      fc.double({ min: -200, max: 20_000, noNaN: true }),
    );
    const arbitraryPromo = fc.option(
      fc.record({
        discount: rawDiscount,
        shippingDiscount: rawDiscount,
        freeShipping: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(arbitraryLine, { maxLength: 6 }),
        arbitraryPromo,
        fc.integer({ min: -5000, max: 100_000 }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.constantFrom(null, '', '146', '14624', 'K1A0B1'),
        fc.constantFrom('regularShipping', 'overnightShipping', 'none', null),
        (items, raw, shippingCost, taxRate, zipCode, shippingType) => {
          const totals = computeCartTotals({
            items,
            promo: raw
              ? promo({
                  discount: readPromotionValue(raw.discount),
                  shippingDiscount: readPromotionValue(raw.shippingDiscount),
                  freeShipping: raw.freeShipping,
                })
              : null,
            shippingCost: cents(shippingCost),
            shippingType,
            taxRate,
            zipCode,
          });
          for (const value of Object.values(totals)) {
            expect(Number.isInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
          }
          expect(totals.discount).toBeLessThanOrEqual(totals.subTotal);
          expect(totals.grandTotal).toBe(
            totals.subTotal + totals.shipping + totals.tax - totals.discount,
          );
        },
      ),
    );
  });
});

describe('computeSubTotal', () => {
  it('sums unit price times quantity in cents', () => {
    expect(computeSubTotal([line(1, 3, 17495), line(4, 2, 1)])).toBe(52487);
  });
});

describe('setCartTax', () => {
  it('keeps the zip and rate for a zip of 5 or more characters (store-and-public-site §4 "Tax")', () => {
    expect(setCartTax(createCart(), ' 14624 ', 0.08)).toMatchObject({
      zipCode: '14624',
      taxRate: 0.08,
    });
    expect(isZipLongEnoughForTax('K1A0B1')).toBe(true);
  });

  it('clears tax and zip for a shorter zip (store-and-public-site §4 "Tax")', () => {
    const taxed = setCartTax(createCart(), '14624', 0.08);
    expect(setCartTax(taxed, '1462', 0.08)).toMatchObject({ zipCode: null, taxRate: 0 });
    expect(setCartTax(taxed, null, 0.08)).toMatchObject({ zipCode: null, taxRate: 0 });
  });
});
