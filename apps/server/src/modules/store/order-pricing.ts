import type { CheckoutPayer } from '@monitor/contract/orders';
import {
  CART_REFUSAL_MESSAGES,
  findCartProblems,
  isQuantityAllowed,
  mergeIntoCart,
  createCart,
  type CartItem,
} from '@monitor/domain/store/cart';
import { computeCartTotals, type CartTotals } from '@monitor/domain/store/cart-totals';
import {
  applyReferralPrice,
  normalizePromoCode,
  readPromotion,
  validatePromotion,
  type Promotion,
} from '@monitor/domain/store/promotions';
import { isReplacementItemId } from '@monitor/domain/store/replacement';
import { checkDeliveryForCheckout, isDeliveryNeeded } from '@monitor/domain/store/shipping';
import { isDeviceCreditItem } from '@monitor/domain/store/store-items';
import { fillBrand } from '@monitor/domain/shared/messages';
import { cents, type Cents } from '@monitor/domain/shared/money';
import type { Brand } from '@monitor/domain/shared/brands';
import type { IsoDate } from '@monitor/domain/shared/calendar-date';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/errors';
import { billingToday } from '../billing/billing-day';
import { calculateTax } from '../sales/sales-tax.service';
import { findItemsByIds, type ItemRow } from './items.repository';
import { findPromotionByCode, type PromotionRow } from './promotions.repository';
import { orderAddresses, type OrderAddresses } from './order-addresses';
import { quoteShipping } from './shipping.service';

/** A priced line: the catalogue's name, and the price the order is charged (a referral price, §9). */

/** What `placeOrder` is asked (the interface of decision 044). */
export type PlaceOrderInput = {
  /** The signed-in buyer, or null for a guest. */
  callerId: number | null;
  /** Who the audit log names for the order's credits: staff acting as the buyer; the buyer by default. */
  actorId?: number | null;
  /** One order per key: a repeat answers the same order. */
  idempotencyKey: string;
  payer: CheckoutPayer;
  lines: { itemId: number; quantity: number; serial?: string | null }[];
  discountCode?: string | null;
  shippingType: 'regularShipping' | 'overnightShipping' | 'none';
  /** Where 13 / 27 are credited. */
  userDeviceId?: number | null;
  /** 'replacement': items 100–205 allowed, nothing else. */
  source: 'store' | 'replacement';
  /** The brand a guest buys from (1 when not given); a signed-in buyer's is their account's. */
  tenantId?: number;
};

export type PricedLine = CartItem & { storeName: string; serial: string | null };

/** Everything an order is recorded with, priced by the server from its own tables. */
export type PricedOrder = {
  lines: PricedLine[];
  totals: CartTotals;
  shippingType: 'regularShipping' | 'overnightShipping' | 'none';
  deliveryDate: IsoDate | null;
  discountCode: string | null;
  addresses: OrderAddresses;
  /** The device credited with instant updates (13) or the pet monitor (27). */
  creditsDevice: boolean;
};

/** The promotion row as the domain reads it (the API's Promotion record, contract store.ts). */
export function toDomainPromotion(row: PromotionRow): Promotion {
  return readPromotion({
    Id: row.id,
    PromoCode: row.code,
    Discount: row.discount,
    ShippingDiscount: row.shipping_discount,
    FreeShipping: row.free_shipping,
    DevicePrice: row.device_price_cents === null ? null : row.device_price_cents / 100,
    ExpirationDate: row.expiration_date,
  });
}

/**
 * The lines as the cart holds them, from the catalogue: an unknown item, one the store does not
 * list (inactive), or a replacement item (100–205) outside the replacement offer is refused; the
 * store merges lines of one item (§4), a replacement order keeps one line per replaced serial.
 */
async function catalogueLines(ctx: AppContext, input: PlaceOrderInput): Promise<PricedLine[]> {
  const ids = [...new Set(input.lines.map((line) => line.itemId))];
  const rows = new Map<number, ItemRow>(
    (await findItemsByIds(ctx.db, ids)).map((row) => [row.item_id, row]),
  );
  const isReplacement = input.source === 'replacement';
  for (const id of ids) {
    const row = rows.get(id);
    const isSold = isReplacement ? isReplacementItemId(id) : !isReplacementItemId(id);
    if (!row || !isSold || (!isReplacement && !row.is_active)) {
      throw badRequest(`Item ${id} is not for sale.`);
    }
  }
  const priced = (line: PlaceOrderInput['lines'][number]): PricedLine => {
    const row = rows.get(line.itemId)!;
    return {
      itemId: row.item_id,
      quantity: line.quantity,
      unitPrice: cents(row.unit_price_cents),
      weight: row.weight,
      storeName: row.store_name,
      serial: line.serial ?? null,
    };
  };
  if (isReplacement) return input.lines.map(priced);
  let cart = createCart();
  for (const line of input.lines) cart = mergeIntoCart(cart, priced(line));
  return cart.items as PricedLine[];
}

/** The code's promotion, applied as the cart applies it (§5): anything wrong is a 400 with its message. */
async function orderPromotion(
  ctx: AppContext,
  code: string | null | undefined,
  { today, shippingType }: { today: IsoDate; shippingType: PricedOrder['shippingType'] },
): Promise<Promotion | null> {
  const normalized = normalizePromoCode(code ?? '');
  if (!normalized) return null;
  const row = await findPromotionByCode(ctx.db, normalized);
  const promo = row ? toDomainPromotion(row) : null;
  const check = validatePromotion(promo, { today, shippingType });
  if (!check.isValid) throw badRequest(check.message);
  return promo;
}

/**
 * Prices an order from the server's own tables, with the domain's rules (store-and-public-site
 * §4, §5, §9; decision 044): the cart's contents rules, the delivery method, the promotion, the
 * referral price, shipping to the shipping ZIP, tax at the shipping address (the billing one when
 * nothing ships) on subtotal − discount, and the totals of `computeCartTotals` with the rate the
 * tax service answered — what the checkout page shows. Nothing the client priced is read.
 */
export async function priceOrder(
  ctx: AppContext,
  input: PlaceOrderInput,
  { brand, isLoggedIn }: { brand: Brand; isLoggedIn: boolean },
): Promise<PricedOrder> {
  const catalogue = await catalogueLines(ctx, input);
  const [problem] = findCartProblems(catalogue, { isLoggedIn });
  if (problem) throw badRequest(fillBrand(CART_REFUSAL_MESSAGES[problem], brand));
  if (!catalogue.every((line) => isQuantityAllowed(line.quantity))) {
    throw badRequest(CART_REFUSAL_MESSAGES.quantityOutOfRange);
  }

  const ships = isDeliveryNeeded(catalogue);
  const shippingType = ships ? input.shippingType : 'none';
  const addresses = orderAddresses(input.payer, { ships });
  const deliveryProblem = checkDeliveryForCheckout({
    ...createCart(),
    items: catalogue,
    shippingType,
    zipCode: addresses.shipping?.zip ?? null,
  });
  if (deliveryProblem) throw badRequest(deliveryProblem);

  const promo = await orderPromotion(ctx, input.discountCode, {
    today: billingToday(ctx),
    shippingType,
  });
  const lines = applyReferralPrice(catalogue, promo);

  let shippingCost: Cents = cents(0);
  let deliveryDate: IsoDate | null = null;
  if (shippingType !== 'none' && addresses.shipping) {
    const quote = await quoteShipping(ctx, {
      items: lines,
      toZip: addresses.shipping.zip,
      method: shippingType,
    });
    // The replacement offer is $99 a device, delivered (§9; decision 045): its shipping is ours.
    shippingCost = input.source === 'replacement' ? cents(0) : quote.shippingCents;
    deliveryDate = quote.deliveryDate;
  }

  const untaxed = computeCartTotals({
    items: lines,
    promo,
    shippingType,
    shippingCost,
    taxRate: 0,
    zipCode: null,
  });
  const taxedAt = addresses.shipping ?? addresses.billing;
  const tax = await calculateTax(ctx, {
    address: {
      zip: taxedAt.zip,
      state: taxedAt.state ?? '',
      city: taxedAt.city,
      street: taxedAt.address1,
    },
    amountCents: cents(untaxed.subTotal - untaxed.discount),
    quantity: 1,
    shippingCents: cents(0),
  });
  const totals = computeCartTotals({
    items: lines,
    promo,
    shippingType,
    shippingCost,
    taxRate: tax.rate,
    zipCode: taxedAt.zip,
  });
  return {
    lines,
    totals,
    shippingType,
    deliveryDate,
    discountCode: promo?.code ?? null,
    addresses,
    creditsDevice: lines.some((line) => isDeviceCreditItem(line.itemId)),
  };
}
