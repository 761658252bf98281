import { addDays, type IsoDate } from '@monitor/domain/shared/calendar-date';
import { formatCents, type Cents } from '@monitor/domain/shared/money';
import {
  isPromotionExpired,
  readPromotion,
  readPromotionValue,
  validatePromotion,
} from '@monitor/domain/store/promotions';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { billingToday } from '../billing/billing-day';
import {
  findAllItems,
  findItemById,
  insertItem,
  updateItem,
  type ItemRow,
} from './items.repository';
import {
  findAllPromotions,
  findPromotionByCode,
  insertPromotion,
  setPromotionExpiration,
  type PromotionRow,
} from './promotions.repository';
import { toPromotion } from './promotions.service';

type AdminCtx = Pick<AppContext, 'db' | 'now'>;

const money = (value: number) => formatCents(value as Cents);

/** One item as the operator reads it: id, name, price, weight and its flags. */
export function formatItemLine(row: ItemRow): string {
  const flags = [
    row.is_active ? 'active' : 'inactive',
    row.is_accessory ? 'accessory' : 'device',
    ...(row.is_marcell_pro_item ? ['pro'] : []),
  ];
  return `#${row.item_id} ${row.store_name}: ${money(row.unit_price_cents)}, ${row.weight} oz, ${flags.join(', ')}`;
}

/** `list-items`: every item in the catalogue order. */
export async function listItemsForAdmin(ctx: AdminCtx): Promise<string> {
  const rows = await findAllItems(ctx.db);
  return rows.length === 0 ? 'No items.' : rows.map(formatItemLine).join('\n');
}

export type ItemEdit = {
  priceCents?: number | undefined;
  name?: string | undefined;
  description?: string | undefined;
  weight?: number | undefined;
  isActive?: boolean | undefined;
  isAccessory?: boolean | undefined;
  isMarcellProItem?: boolean | undefined;
};

/**
 * `set-item`: changes an item, or adds one with a new id (a name and a price needed), listed
 * after the others. Orders placed before keep the prices they were charged.
 */
export async function setItemForAdmin(
  ctx: AdminCtx,
  itemId: number,
  edit: ItemEdit,
): Promise<{ isNew: boolean; line: string }> {
  const values = {
    ...(edit.priceCents !== undefined && { unit_price_cents: edit.priceCents }),
    ...(edit.name !== undefined && { store_name: edit.name }),
    ...(edit.description !== undefined && { description: edit.description }),
    ...(edit.weight !== undefined && { weight: edit.weight }),
    ...(edit.isActive !== undefined && { is_active: edit.isActive }),
    ...(edit.isAccessory !== undefined && { is_accessory: edit.isAccessory }),
    ...(edit.isMarcellProItem !== undefined && { is_marcell_pro_item: edit.isMarcellProItem }),
  };
  if (await findItemById(ctx.db, itemId)) {
    const row = await updateItem(ctx.db, itemId, values, ctx.now());
    if (!row) throw notFound(`No item has the id ${itemId}.`);
    return { isNew: false, line: formatItemLine(row) };
  }
  if (edit.name === undefined || edit.priceCents === undefined)
    throw badRequest(`No item has the id ${itemId}: adding it needs --name and --price.`);
  const last = (await findAllItems(ctx.db)).reduce((max, row) => Math.max(max, row.sort_order), 0);
  const row = await insertItem(ctx.db, {
    ...values,
    item_id: itemId,
    store_name: edit.name,
    unit_price_cents: edit.priceCents,
    sort_order: Math.min(last + 10, 32_767),
  });
  return { isNew: true, line: formatItemLine(row) };
}

/** A signed Discount or ShippingDiscount read by the domain's sign rule; none when it gives nothing. */
const describeValue = (raw: number | null, what: string) => {
  const value = readPromotionValue(raw);
  if (!value) return [];
  return [
    value.kind === 'percent'
      ? `${value.percent}% off ${what}`
      : `${money(value.amount)} off ${what}`,
  ];
};

/** One promotion as the operator reads it: its benefits, its expiry and whether it holds today. */
export function formatPromotionLine(row: PromotionRow, today: IsoDate): string {
  const benefits = [
    ...describeValue(row.discount, 'the order'),
    ...describeValue(row.shipping_discount, 'shipping'),
    ...(row.free_shipping ? ['free shipping'] : []),
    ...(row.device_price_cents === null ? [] : [`device at ${money(row.device_price_cents)}`]),
  ];
  const state = isPromotionExpired(row.expiration_date, today) ? 'expired' : 'in force';
  const expiry = row.expiration_date ? `through ${row.expiration_date}` : 'never expires';
  return `#${row.id} ${row.code}: ${benefits.join(', ') || 'no benefit'}; ${expiry}; ${state}`;
}

/** `list-promotions`: every promotion, expired ones too, with its state today (New York). */
export async function listPromotionsForAdmin(ctx: AdminCtx): Promise<string> {
  const today = billingToday(ctx);
  const rows = await findAllPromotions(ctx.db);
  return rows.length === 0
    ? 'No promotions.'
    : rows.map((row) => formatPromotionLine(row, today)).join('\n');
}

export type NewPromotionInput = {
  code: string;
  description?: string | undefined;
  discount: number | null;
  shippingDiscount: number | null;
  isFreeShipping: boolean;
  devicePriceCents: number | null;
  expirationDate: string | null;
};

/**
 * `create-promotion`: refused unless the domain would accept it today, with any shipping
 * (store-and-public-site §5): it gives something, and is not already expired.
 */
export async function createPromotionForAdmin(
  ctx: AdminCtx,
  input: NewPromotionInput,
): Promise<string> {
  const today = billingToday(ctx);
  const row: PromotionRow = {
    id: 0,
    code: input.code,
    description: input.description ?? '',
    discount: input.discount,
    shipping_discount: input.shippingDiscount,
    free_shipping: input.isFreeShipping,
    device_price_cents: input.devicePriceCents,
    expiration_date: input.expirationDate,
  };
  const check = validatePromotion(readPromotion(toPromotion(row)), { today, shippingType: null });
  if (!check.isValid) {
    if (input.expirationDate !== null && isPromotionExpired(input.expirationDate, today))
      throw badRequest(`--expires ${input.expirationDate} is before today (${today}, New York).`);
    throw badRequest(
      'A promotion must give something: --discount, --shipping-discount, --free-shipping or --device-price.',
    );
  }
  const created = await insertPromotion(ctx.db, {
    code: row.code,
    description: row.description,
    discount: row.discount,
    shipping_discount: row.shipping_discount,
    free_shipping: row.free_shipping,
    device_price_cents: row.device_price_cents,
    expiration_date: row.expiration_date,
  });
  if (!created) throw conflict(`A promotion with the code ${input.code} exists already.`);
  return formatPromotionLine(created, today);
}

/**
 * `expire-promotion`: ends a promotion as of yesterday in New York, so from now on validation
 * refuses it and a landing page says it has expired. One already expired keeps its date.
 */
export async function expirePromotionForAdmin(ctx: AdminCtx, code: string): Promise<string> {
  const today = billingToday(ctx);
  const row = await findPromotionByCode(ctx.db, code);
  if (!row) throw notFound(`No promotion has the code ${code}.`);
  if (isPromotionExpired(row.expiration_date, today))
    return `${row.code} had already expired: ${formatPromotionLine(row, today)}`;
  const expired = await setPromotionExpiration(ctx.db, code, addDays(today, -1));
  if (!expired) throw notFound(`No promotion has the code ${code}.`);
  return `Expired ${formatPromotionLine(expired, today)}`;
}
