import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Promotions } from '@monitor/contract/store';
import { createTestApp, type TestApp, TEST_RATE_LIMITS } from '../../../test/helpers/test-app';
import { insertPromotion, type NewPromotion } from './promotions.repository';

const INVALID = 'Invalid Promo Code, cannot proceed!';

// The test clock starts at 2026-11-22T12:00:00Z: 7 a.m. on the 22nd in New York.
const TODAY = '2026-11-22';
const YESTERDAY = '2026-11-21';

const promotion = (code: string, extra: Partial<NewPromotion>): NewPromotion => ({
  code,
  discount: null,
  shipping_discount: null,
  free_shipping: false,
  device_price_cents: null,
  expiration_date: null,
  ...extra,
});

describe('promotions (store-and-public-site §3 "Promotion", §5, §7, §8 "Promotions", §9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    for (const row of [
      promotion('TENOFF', { discount: 10 }),
      promotion('PCT15', { discount: -15 }),
      promotion('SHIP5', { shipping_discount: 5 }),
      promotion('SHIPHALF', { shipping_discount: -50 }),
      promotion('FREESHIP', { free_shipping: true }),
      promotion('NOTHING', {}),
      promotion('ZERO', { discount: 0, shipping_discount: -0.5 }),
      promotion('TODAY', { discount: 5, expiration_date: TODAY }),
      promotion('YESTERDAY', { discount: 5, expiration_date: YESTERDAY }),
      promotion('REFOLD', { device_price_cents: 15900, expiration_date: YESTERDAY }),
    ])
      await insertPromotion(t.ctx.db, row);
  });
  afterAll(() => t.close());

  const validate = (PromoCode: unknown, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/promotions/validate',
      body: { PromoCode },
      ...(remoteAddress && { remoteAddress }),
    });

  const expectValid = async (code: string) => {
    const response = await validate(code);
    expect(response.statusCode, code).toBe(200);
    return response.json<Record<string, unknown>>();
  };

  const expectInvalid = async (code: string, message = INVALID) => {
    const response = await validate(code);
    expect(response.statusCode, code).toBe(404);
    expect(response.json()).toEqual({ error: { code: 404, message } });
  };

  it('accepts a promotion with a discount, amount or percentage, with its signed number (§3, §5)', async () => {
    expect(await expectValid('TENOFF')).toMatchObject({
      PromoCode: 'TENOFF',
      Discount: 10,
      ShippingDiscount: null,
      FreeShipping: false,
      DevicePrice: null,
      ExpirationDate: null,
    });
    expect(await expectValid('PCT15')).toMatchObject({ Discount: -15 });
  });

  it('accepts a promotion with only a shipping discount, or only free shipping (§5)', async () => {
    expect(await expectValid('SHIP5')).toMatchObject({ Discount: null, ShippingDiscount: 5 });
    expect(await expectValid('SHIPHALF')).toMatchObject({ ShippingDiscount: -50 });
    expect(await expectValid('FREESHIP')).toMatchObject({ FreeShipping: true });
  });

  it('accepts a referral code for its device price (§9)', async () => {
    expect(await expectValid('SUN')).toMatchObject({ PromoCode: 'SUN', DevicePrice: 174 });
    expect(await expectValid('FL1704')).toMatchObject({ DevicePrice: 174.95 });
  });

  it("refuses a promotion with no discount, shipping discount, free shipping or device price: 'Invalid Promo Code, cannot proceed!' (§5, §8)", async () => {
    await expectInvalid('NOTHING');
    // Zero and a fraction of a percent are no discount under the sign rule.
    await expectInvalid('ZERO');
  });

  it('accepts a promotion expiring today and one that never expires, refuses one that expired yesterday, saying it has expired (§5, §8 "Promotions"; issue #24)', async () => {
    expect(await expectValid('TODAY')).toMatchObject({ ExpirationDate: TODAY });
    expect(await expectValid('TENOFF')).toMatchObject({ ExpirationDate: null });
    const expired = 'Invalid Promo Code, cannot proceed! Sorry, promotion has expired.';
    await expectInvalid('YESTERDAY', expired);
    await expectInvalid('REFOLD', expired);
  });

  it('refuses an unknown code with the same message (§8)', async () => {
    await expectInvalid('NOSUCHCODE');
  });

  it('upper-cases the code before looking it up (§5)', async () => {
    expect(await expectValid('  tenOff ')).toMatchObject({ PromoCode: 'TENOFF' });
    expect(await expectValid('sun')).toMatchObject({ PromoCode: 'SUN' });
  });

  it('refuses a body without a code, or with anything else, with a 400', async () => {
    for (const body of [{}, { PromoCode: '' }, { PromoCode: 12 }, { PromoCode: 'A', Extra: 1 }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/promotions/validate',
        body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('lists the promotions in force today, without a token: not expired, with a benefit (§5, §7)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/promotions/' });
    expect(response.statusCode).toBe(200);
    const codes = Promotions.parse(response.json()).map((p) => p.PromoCode);
    expect(codes).toEqual(
      expect.arrayContaining(['SUN', 'TENOFF', 'PCT15', 'SHIP5', 'FREESHIP', 'TODAY']),
    );
    for (const gone of ['NOTHING', 'ZERO', 'YESTERDAY', 'REFOLD'])
      expect(codes).not.toContain(gone);
  });

  it("counts today as New York's day: late evening there, a promotion of that day still holds", async () => {
    // 2026-11-23T03:30Z is 10:30 p.m. on the 22nd in New York.
    const at = new Date('2026-11-23T03:30:00Z').getTime();
    t.advanceTime(at - t.ctx.now().getTime());
    try {
      expect(await expectValid('TODAY')).toMatchObject({ ExpirationDate: TODAY });
      // The next day in New York it has expired.
      t.advanceTime(6 * 3_600_000);
      await expectInvalid(
        'TODAY',
        'Invalid Promo Code, cannot proceed! Sorry, promotion has expired.',
      );
    } finally {
      t.advanceTime(new Date('2026-11-22T12:00:00Z').getTime() - t.ctx.now().getTime());
    }
  });

  describe('getReferralPromo (§4 "Landing promotion", §7, §9)', () => {
    const lookup = async (promoCode: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/promotions/getReferralPromo?${new URLSearchParams({ promoCode }).toString()}`,
      });
      expect(response.statusCode).toBe(200);
      return response.json<Record<string, unknown>>();
    };

    it('answers a referral code with its id, no expiry and its device price, upper-cased', async () => {
      expect(await lookup('rv20')).toEqual({
        PromotionId: expect.any(Number) as number,
        PromoCode: 'RV20',
        ExpiryDate: null,
        DevicePrice: 179,
      });
    });

    it('answers PromotionId null for no such code', async () => {
      expect(await lookup('NOPE')).toEqual({
        PromotionId: null,
        PromoCode: 'NOPE',
        ExpiryDate: null,
        DevicePrice: null,
      });
    });

    it('answers an expired code with its ExpiryDate, for the landing to say it has expired', async () => {
      expect(await lookup('REFOLD')).toMatchObject({
        PromotionId: expect.any(Number) as number,
        ExpiryDate: YESTERDAY,
        DevicePrice: 159,
      });
    });

    it('refuses a lookup without a code with a 400', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/promotions/getReferralPromo',
      });
      expect(response.statusCode).toBe(400);
    });
  });
});

describe('promotion validation limit (RATE_LIMIT_STORE_WRITES)', () => {
  it('limits validation per client address, so codes cannot be guessed in bulk', async () => {
    const t = await createTestApp({
      config: {
        rateLimits: {
          ...TEST_RATE_LIMITS,
          anonymousCalls: 100,
          login: 100,
          registration: 100,
          passwordReset: 100,
          deviceAuthFailures: 100,
          salesChecks: 100,
          storeWrites: 2,
        },
      },
    });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/promotions/validate',
          body: { PromoCode: `GUESS${i}` },
          remoteAddress: '198.51.100.9',
        });
        codes.push(response.statusCode);
      }
      expect(codes).toEqual([404, 404, 429]);
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/api/promotions/validate',
        body: { PromoCode: 'SUN' },
        remoteAddress: '198.51.100.10',
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
