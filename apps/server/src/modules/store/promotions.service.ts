import type { Promotion, ReferralPromo } from '@monitor/contract/store';
import {
  isPromotionExpired,
  normalizePromoCode,
  readPromotion,
  validatePromotion,
} from '@monitor/domain/store/promotions';
import { STORE_PROMOTION_MESSAGES } from '@monitor/domain/shared/store-messages';
import { centsToDollars, type Cents } from '@monitor/domain/shared/money';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import { billingToday } from '../billing/billing-day';
import { findAllPromotions, findPromotionByCode, type PromotionRow } from './promotions.repository';

/** A promotion row as the API sends it (contract `Promotion`): the signed numbers, dollars. */
export function toPromotion(row: PromotionRow): Promotion {
  return {
    Id: row.id,
    PromoCode: row.code,
    Discount: row.discount,
    ShippingDiscount: row.shipping_discount,
    FreeShipping: row.free_shipping,
    DevicePrice:
      row.device_price_cents === null ? null : centsToDollars(row.device_price_cents as Cents),
    ExpirationDate: row.expiration_date,
  };
}

/**
 * Whether a promotion may be used today, whatever the cart (store-and-public-site §5): the
 * domain's rule with no shipping chosen yet, so only "free shipping with overnight" is left to
 * the cart. "Today" is New York's day, as for billing (decision 033).
 */
function isInForce(ctx: Pick<AppContext, 'now'>, row: PromotionRow): boolean {
  const check = validatePromotion(readPromotion(toPromotion(row)), {
    today: billingToday(ctx),
    shippingType: null,
  });
  return check.isValid;
}

/** GET /api/promotions/: the promotions in force today. */
export async function listPromotionsInForce(
  ctx: Pick<AppContext, 'db' | 'now'>,
): Promise<Promotion[]> {
  const rows = await findAllPromotions(ctx.db);
  return rows.filter((row) => isInForce(ctx, row)).map(toPromotion);
}

/**
 * POST /api/promotions/validate: the promotion of a code (upper-cased, §5) when it is in force;
 * an unknown or empty one is 404 'Invalid Promo Code, cannot proceed!' (§8 "Promotions"), an
 * expired one says so beside it.
 */
export async function validatePromoCode(
  ctx: Pick<AppContext, 'db' | 'now'>,
  code: string,
): Promise<Promotion> {
  const row = await findPromotionByCode(ctx.db, normalizePromoCode(code));
  if (!row || !isInForce(ctx, row)) {
    const isExpired =
      row !== undefined && isPromotionExpired(row.expiration_date, billingToday(ctx));
    throw notFound(
      isExpired
        ? STORE_PROMOTION_MESSAGES.promoCodeExpired
        : STORE_PROMOTION_MESSAGES.promoCodeInvalid,
    );
  }
  return toPromotion(row);
}

/**
 * GET /api/promotions/getReferralPromo: what a landing page needs to classify a code (§4
 * "Landing promotion"): PromotionId null when there is no such code; an expired one is answered
 * with its ExpiryDate, for the page to say 'Sorry, promotion has expired'.
 */
export async function findReferralPromo(
  ctx: Pick<AppContext, 'db'>,
  code: string,
): Promise<ReferralPromo> {
  const promoCode = normalizePromoCode(code);
  const row = await findPromotionByCode(ctx.db, promoCode);
  if (!row) return { PromotionId: null, PromoCode: promoCode, ExpiryDate: null, DevicePrice: null };
  const promotion = toPromotion(row);
  return {
    PromotionId: promotion.Id,
    PromoCode: promotion.PromoCode,
    ExpiryDate: promotion.ExpirationDate,
    DevicePrice: promotion.DevicePrice,
  };
}
