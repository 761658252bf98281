import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';

/**
 * A promotion row (migration 020) with its expiration date read as 'YYYY-MM-DD' (a date column
 * read by the driver would be midnight in the server's zone). `code` is stored upper-cased.
 */
export type PromotionRow = {
  id: number;
  code: string;
  description: string;
  discount: number | null;
  shipping_discount: number | null;
  free_shipping: boolean;
  device_price_cents: number | null;
  expiration_date: string | null;
};

const promotionColumns = [
  'id',
  'code',
  'description',
  'discount',
  'shipping_discount',
  'free_shipping',
  'device_price_cents',
  sql<string | null>`to_char(expiration_date, 'YYYY-MM-DD')`.as('expiration_date'),
] as const;

/** The promotion with this code (give it upper-cased, as stored), expired or not. */
export function findPromotionByCode(
  db: Kysely<DB>,
  code: string,
): Promise<PromotionRow | undefined> {
  return db
    .selectFrom('promotions')
    .select(promotionColumns)
    .where('code', '=', code)
    .executeTakeFirst();
}

/** Every promotion, expired ones too, oldest first; callers filter by the domain's expiry rule. */
export function findAllPromotions(db: Kysely<DB>): Promise<PromotionRow[]> {
  return db.selectFrom('promotions').select(promotionColumns).orderBy('id').execute();
}

export type NewPromotion = {
  code: string;
  description?: string;
  discount: number | null;
  shipping_discount: number | null;
  free_shipping: boolean;
  device_price_cents: number | null;
  expiration_date: string | null;
};

/** Adds a promotion; undefined when the code is already taken. */
export function insertPromotion(
  db: Kysely<DB>,
  promotion: NewPromotion,
): Promise<PromotionRow | undefined> {
  return db
    .insertInto('promotions')
    .values(promotion)
    .onConflict((oc) => oc.column('code').doNothing())
    .returning(promotionColumns)
    .executeTakeFirst();
}

/** Sets a promotion's expiration date; undefined when no promotion has the code. */
export function setPromotionExpiration(
  db: Kysely<DB>,
  code: string,
  expirationDate: string,
): Promise<PromotionRow | undefined> {
  return db
    .updateTable('promotions')
    .set({ expiration_date: expirationDate })
    .where('code', '=', code)
    .returning(promotionColumns)
    .executeTakeFirst();
}
