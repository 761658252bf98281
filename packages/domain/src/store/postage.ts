import type { CartItem } from './cart';
import { cents, type Cents } from '../shared/money';
import type { DeliveryMethod } from './shipping';
import { STORE_ITEM_IDS } from './store-items';

/** Postage is quoted from the warehouse zip (store-and-public-site §9). */
export const POSTAGE_ORIGIN_ZIP = '14624';

/** The postage service's type codes: 1 overnight, 2 regular (store-and-public-site §7, §9). */
export const POSTAGE_SERVICE_TYPES: Readonly<Record<DeliveryMethod, 1 | 2>> = {
  overnightShipping: 1,
  regularShipping: 2,
};

/** Per-unit weight multipliers: item 1 weighs twice its listed weight, item 4 eight times (store-and-public-site §9). */
export const WEIGHT_MULTIPLIERS: Readonly<Record<number, number>> = {
  [STORE_ITEM_IDS.standardDevice]: 2,
  [STORE_ITEM_IDS.item4]: 8,
};

/**
 * Shipping weight of one unit of the combo (the standard bundle, item 11), whatever its listed
 * weight (store-and-public-site §9 "combo 43.9"; see SPEC-NOTES.md for the reading).
 */
export const COMBO_UNIT_WEIGHT = 43.9;

/** Shipping weight of the cart: each line's unit weight, multiplied as §9 says, times its quantity. */
export function computeShippingWeight(items: readonly CartItem[]): number {
  const total = items.reduce((sum, line) => {
    const unit =
      line.itemId === STORE_ITEM_IDS.standardBundle
        ? COMBO_UNIT_WEIGHT
        : line.weight * (WEIGHT_MULTIPLIERS[line.itemId] ?? 1);
    return sum + unit * line.quantity;
  }, 0);
  // Sums of decimal weights drift (0.1 + 0.2); the postage service wants a clean figure.
  return Math.round(total * 1000) / 1000;
}

/** The query of GET /api/sales/calculatePostageRateEstore (store-and-public-site §7). */
export type PostageRateQuery = {
  weight: number;
  toZipCode: string;
  fromZipCode: string;
  shippingType: 1 | 2;
  orderId: number | null;
};

/** The postage-rate query for a cart, zip and delivery method (store-and-public-site §7, §9). */
export function buildPostageRateQuery(
  items: readonly CartItem[],
  toZipCode: string,
  method: DeliveryMethod,
  orderId: number | null = null,
): PostageRateQuery {
  return {
    weight: computeShippingWeight(items),
    toZipCode: toZipCode.trim(),
    fromZipCode: POSTAGE_ORIGIN_ZIP,
    shippingType: POSTAGE_SERVICE_TYPES[method],
    orderId,
  };
}

/**
 * Shipping cost = postage rate + rate multiplier × postage rate, where the multiplier is the
 * configured regular or overnight one (store-and-public-site §9). Never negative.
 */
export function computeShippingCost(postageRate: Cents, rateMultiplier: number): Cents {
  const multiplier = Number.isFinite(rateMultiplier) ? rateMultiplier : 0;
  return cents(Math.max(0, postageRate + multiplier * postageRate));
}
