import type { Kysely, Selectable, Updateable } from 'kysely';
import type { DB, ItemsTable } from '../../platform/database/schema';

/** A catalogue row (migration 020): price in cents, weight in ounces before the §9 multipliers. */
export type ItemRow = Selectable<ItemsTable>;

/** The items with these ids, in the catalogue's order; an unknown id is simply absent. */
export function findItemsByIds(db: Kysely<DB>, ids: readonly number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('items')
    .selectAll()
    .where('item_id', 'in', [...ids])
    .orderBy('sort_order')
    .orderBy('item_id')
    .execute();
}

/** What the store lists: the active items, in the catalogue's order. */
export function findActiveItems(db: Kysely<DB>): Promise<ItemRow[]> {
  return db
    .selectFrom('items')
    .selectAll()
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('item_id')
    .execute();
}

/** Every item, the inactive replacement items too, in the catalogue's order. */
export function findAllItems(db: Kysely<DB>): Promise<ItemRow[]> {
  return db.selectFrom('items').selectAll().orderBy('sort_order').orderBy('item_id').execute();
}

export function findItemById(db: Kysely<DB>, itemId: number): Promise<ItemRow | undefined> {
  return db.selectFrom('items').selectAll().where('item_id', '=', itemId).executeTakeFirst();
}

export type NewItem = {
  item_id: number;
  store_name: string;
  unit_price_cents: number;
  description?: string;
  weight?: number;
  is_active?: boolean;
  is_accessory?: boolean;
  is_marcell_pro_item?: boolean;
  sort_order?: number;
};

export function insertItem(db: Kysely<DB>, item: NewItem): Promise<ItemRow> {
  return db.insertInto('items').values(item).returningAll().executeTakeFirstOrThrow();
}

export function updateItem(
  db: Kysely<DB>,
  itemId: number,
  values: Omit<Updateable<ItemsTable>, 'item_id' | 'updated_at'>,
  now: Date,
): Promise<ItemRow | undefined> {
  return db
    .updateTable('items')
    .set({ ...values, updated_at: now })
    .where('item_id', '=', itemId)
    .returningAll()
    .executeTakeFirst();
}
