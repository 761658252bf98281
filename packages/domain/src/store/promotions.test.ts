import { describe, expect, it } from 'vitest';
import type { IsoDate } from '../shared/calendar-date';
import { createCart, type Cart } from './cart';
import {
  applyPromotion,
  classifyLandingPromotion,
  DEFAULT_PROMOTION_PRICE,
  isPromotionExpired,
  LANDING_PROMOTION_ALERTS,
  normalizePromoCode,
  PROMOTION_PRICES,
  applyReferralPrice,
  promotionPriceFor,
  readPromotion,
  readPromotionValue,
  validatePromotion,
  type Promotion,
} from './promotions';

const today = '2026-03-15' as IsoDate;
const promo = (extra: Partial<Promotion> = {}): Promotion => ({
  id: 1,
  code: 'SPRING',
  devicePrice: null,
  discount: readPromotionValue(10),
  shippingDiscount: null,
  freeShipping: false,
  expirationDate: null,
  ...extra,
});

describe('readPromotionValue', () => {
  it.each([
    [0.01, 1],
    [25, 2500],
    [174.95, 17495],
  ])('reads a positive Discount %s as %i cents off (store-and-public-site §3)', (raw, amount) => {
    expect(readPromotionValue(raw)).toEqual({ kind: 'amount', amount });
  });

  it.each([
    [-1, 1],
    [-15, 15],
    [-100, 100],
  ])('reads %s as %s percent off (store-and-public-site §3, §9)', (raw, percent) => {
    expect(readPromotionValue(raw)).toEqual({ kind: 'percent', percent });
  });

  it.each([[-0.99], [-100.01]])('gives no discount for %s, just outside -100..-1', (raw) => {
    expect(readPromotionValue(raw)).toBeNull();
  });

  it('gives no discount for zero, a fraction of a percent, below -100 or nothing', () => {
    expect([0, -0.5, -101, Number.NaN, null, undefined].map(readPromotionValue)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('normalizePromoCode', () => {
  it('upper-cases the promotion code (store-and-public-site §5)', () => {
    expect(normalizePromoCode(' clvg ')).toBe('CLVG');
  });
});

describe('isPromotionExpired', () => {
  it('never expires a promotion without ExpirationDate (store-and-public-site §5)', () => {
    expect(isPromotionExpired(null, today)).toBe(false);
  });

  it('keeps a promotion good through its expiration day (store-and-public-site §5 "not before today")', () => {
    expect(isPromotionExpired('2026-03-15', today)).toBe(false);
    expect(isPromotionExpired('2026-03-15T00:00:00Z', today)).toBe(false);
    expect(isPromotionExpired('2026-03-14', today)).toBe(true);
    expect(isPromotionExpired('2027-01-01', today)).toBe(false);
  });

  it('counts a zero date as expired (store-and-public-site §5)', () => {
    expect(isPromotionExpired('0000-00-00', today)).toBe(true);
    expect(isPromotionExpired('0000-00-00 00:00:00', today)).toBe(true);
  });

  it('counts a date that is not a real day as expired', () => {
    expect(isPromotionExpired('soon', today)).toBe(true);
    expect(isPromotionExpired('2026-02-30', today)).toBe(true);
  });
});

describe('validatePromotion', () => {
  const regular = { today, shippingType: 'regularShipping' as const };

  it('accepts a promotion with a discount, a shipping discount or free shipping (store-and-public-site §5)', () => {
    expect(validatePromotion(promo(), regular)).toEqual({ isValid: true });
    expect(
      validatePromotion(
        promo({ discount: null, shippingDiscount: readPromotionValue(-50) }),
        regular,
      ),
    ).toEqual({ isValid: true });
    expect(validatePromotion(promo({ discount: null, freeShipping: true }), regular)).toEqual({
      isValid: true,
    });
  });

  it("answers 'Invalid promotion' for a promotion that gives nothing (store-and-public-site §5)", () => {
    expect(validatePromotion(promo({ discount: null }), regular)).toEqual({
      isValid: false,
      message: 'Invalid promotion',
    });
  });

  it("answers 'Invalid promotion' for an expired or zero-dated promotion, or none", () => {
    expect(validatePromotion(promo({ expirationDate: '2026-03-14' }), regular)).toMatchObject({
      message: 'Invalid promotion',
    });
    expect(validatePromotion(promo({ expirationDate: '0000-00-00' }), regular)).toMatchObject({
      message: 'Invalid promotion',
    });
    expect(validatePromotion(null, regular)).toMatchObject({ isValid: false });
  });

  it('refuses free shipping with overnight shipping (store-and-public-site §5, §8)', () => {
    expect(
      validatePromotion(promo({ freeShipping: true }), {
        today,
        shippingType: 'overnightShipping',
      }),
    ).toEqual({
      isValid: false,
      message: 'Cannot apply free shipping promo to overnight shipping.',
    });
  });
});

describe('applyPromotion', () => {
  const cart: Cart = { ...createCart(), shippingType: 'regularShipping' };

  it('stores a valid promotion', () => {
    expect(applyPromotion(cart, promo(), today)).toEqual({
      cart: { ...cart, promo: promo() },
      alert: null,
    });
  });

  it('needs a shipping type first (store-and-public-site §4, §8)', () => {
    const unchosen = createCart();
    expect(applyPromotion(unchosen, promo(), today)).toEqual({
      cart: unchosen,
      alert: 'Please select a shipping delivery method first.',
    });
  });

  it('clears the stored promotion when a new one is refused (store-and-public-site §4 "Promo")', () => {
    const withPromo = { ...cart, promo: promo() };
    const result = applyPromotion(withPromo, promo({ expirationDate: '2020-01-01' }), today);
    expect(result.cart.promo).toBeNull();
    expect(result.alert).toBe('Invalid promotion');
  });
});

describe('landing promotions', () => {
  it('shows a promotion that has not expired (store-and-public-site §4 "Landing promotion")', () => {
    expect(classifyLandingPromotion({ promotionId: 3, expiryDate: '2026-03-15' }, today)).toBe(
      'valid',
    );
    expect(classifyLandingPromotion({ promotionId: 3, expiryDate: null }, today)).toBe('valid');
  });

  it('calls a promotion expired when its yyyy-MM-dd expiry is earlier than today (store-and-public-site §5)', () => {
    expect(classifyLandingPromotion({ promotionId: 3, expiryDate: '2026-03-14' }, today)).toBe(
      'expired',
    );
    expect(classifyLandingPromotion({ promotionId: 3, expiryDate: '0000-00-00' }, today)).toBe(
      'expired',
    );
  });

  it('calls a missing promotion invalid', () => {
    expect(classifyLandingPromotion(null, today)).toBe('invalid');
    expect(classifyLandingPromotion({ promotionId: null, expiryDate: null }, today)).toBe(
      'invalid',
    );
  });

  it('alerts word for word before going home (store-and-public-site §8 "Promotions")', () => {
    expect(LANDING_PROMOTION_ALERTS).toEqual({
      expired: 'Sorry, promotion has expired',
      invalid: 'Sorry, invalid Promotion Code! Please check your URL and try again!',
      error: 'Sorry - there was an error processing your request.',
    });
  });
});

describe('promotion prices', () => {
  const table = [
    ['CLVG', 19900],
    ['FAMH', 19900],
    ['SUN', 17400],
    ['NDN2', 19500],
    ['SOTA', 19500],
    ['SBEX', 19500],
    ['FL1704', 17495],
    ['CSA', 17900],
    ['RV', 17900],
    ['RV20', 17900],
  ] as const;

  it.each(table)('prices code %s at %i cents (store-and-public-site §9)', (code, price) => {
    expect(promotionPriceFor(code)).toBe(price);
    expect(promotionPriceFor(code.toLowerCase())).toBe(price);
  });

  it('names exactly the codes of the table (store-and-public-site §9)', () => {
    expect(Object.keys(PROMOTION_PRICES)).toEqual(table.map(([code]) => code));
  });

  it('prices any other referral code at 169 (store-and-public-site §9)', () => {
    expect(promotionPriceFor('WHATEVER')).toBe(16900);
    expect(DEFAULT_PROMOTION_PRICE).toBe(16900);
  });

  it('upper-cases the code before looking it up (store-and-public-site §5)', () => {
    expect(promotionPriceFor('fl1704')).toBe(17495);
    expect(promotionPriceFor(' rv20 ')).toBe(17900);
  });

  it('has no promotion price without a code', () => {
    expect(promotionPriceFor('')).toBeNull();
    expect(promotionPriceFor(null)).toBeNull();
  });
});

describe('referral prices (store-and-public-site §9)', () => {
  const referral = promo({ code: 'SUN', discount: null, devicePrice: PROMOTION_PRICES.SUN! });

  it('accepts a promotion whose only benefit is a device price (store-and-public-site §5, §9)', () => {
    expect(validatePromotion(referral, { today, shippingType: 'regularShipping' })).toEqual({
      isValid: true,
    });
  });

  it('prices the standard device, items 1 and 16, at the code price and leaves the rest (store-and-public-site §9)', () => {
    const lines = [
      { itemId: 1, quantity: 2, weight: 16, unitPrice: 22900 as never },
      { itemId: 16, quantity: 1, weight: 16, unitPrice: 22900 as never },
      { itemId: 4, quantity: 1, weight: 2, unitPrice: 3900 as never },
    ];
    expect(applyReferralPrice(lines, referral).map((line) => line.unitPrice)).toEqual([
      17400, 17400, 3900,
    ]);
    expect(applyReferralPrice(lines, promo())).toEqual(lines);
    expect(applyReferralPrice(lines, null)).toEqual(lines);
  });

  it('reads the API promotion: code upper-cased, signed discounts, dollars to cents (store-and-public-site §3)', () => {
    expect(
      readPromotion({
        Id: 4,
        PromoCode: 'fl1704',
        Discount: -15,
        ShippingDiscount: 5,
        FreeShipping: false,
        DevicePrice: 174.95,
        ExpirationDate: '2026-12-31',
      }),
    ).toEqual({
      id: 4,
      code: 'FL1704',
      discount: { kind: 'percent', percent: 15 },
      shippingDiscount: { kind: 'amount', amount: 500 },
      freeShipping: false,
      devicePrice: 17495,
      expirationDate: '2026-12-31',
    });
  });
});
