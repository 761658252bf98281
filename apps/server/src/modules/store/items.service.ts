import type { StoreItem } from '@monitor/contract/store';
import { centsToDollars, type Cents } from '@monitor/domain/shared/money';
import type { AppContext } from '../../context';
import { findActiveItems, findAllItems, type ItemRow } from './items.repository';

/** A catalogue row as the store page reads it (store-and-public-site §3 "Store item"): dollars. */
export function toStoreItem(row: ItemRow): StoreItem {
  return {
    ItemId: row.item_id,
    StoreName: row.store_name,
    Description: row.description,
    UnitPrice: centsToDollars(row.unit_price_cents as Cents),
    Weight: row.weight,
    Active: row.is_active,
    Accessory: row.is_accessory,
    MarcellProItem: row.is_marcell_pro_item,
  };
}

/** The items the store sells (GET /api/items/ and getactive). */
export async function listActiveItems(ctx: Pick<AppContext, 'db'>): Promise<StoreItem[]> {
  return (await findActiveItems(ctx.db)).map(toStoreItem);
}

/** Every item, the replacement items (never listed in the store) too (GET /api/items/getall). */
export async function listAllItems(ctx: Pick<AppContext, 'db'>): Promise<StoreItem[]> {
  return (await findAllItems(ctx.db)).map(toStoreItem);
}
