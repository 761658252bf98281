import type { StoreItem } from '@monitor/contract/store';
import type { Brand } from '@monitor/domain/shared/brands';
import { dollarsToCents } from '@monitor/domain/shared/money';
import { CART_QUANTITY_MAX, CART_QUANTITY_MIN, type CartItem } from '@monitor/domain/store/cart';
import {
  splitStoreSections,
  type StoreItem as DomainStoreItem,
} from '@monitor/domain/store/store-items';

/** The store's sections (store-and-public-site §4 "Store": main, device section, accessory section). */
export type StoreSection = 'devices' | 'accessories';

/**
 * The section a link opens: `/store?section=devices` (a landing page's go-to-store, §2 "Arriving
 * at the store from a landing page opens the device section") or `accessories`; anything else the
 * main view with both.
 */
export function readStoreSection(param: string | null): StoreSection | null {
  return param === 'devices' || param === 'accessories' ? param : null;
}

/** Whether the brand sells here: a store of its own, not tenant 1's external shop (§1, §9). */
export function hasOwnStore(brand: Pick<Brand, 'isStoreSupported' | 'externalStoreUrl'>): boolean {
  return brand.isStoreSupported && !brand.externalStoreUrl;
}

/** The API's item in the domain's terms (cents). */
export function toDomainItem(item: StoreItem): DomainStoreItem {
  return {
    itemId: item.ItemId,
    unitPrice: dollarsToCents(item.UnitPrice),
    storeName: item.StoreName,
    isActive: item.Active,
    isAccessory: item.Accessory,
    isMarcellProItem: item.MarcellProItem,
    weight: item.Weight,
  };
}

/**
 * The store's two sections for a brand (§2, §9): the professional line's brand sells its
 * professional-line devices, the other brands the standard ones; accessories are for all.
 */
export function storeSectionsFor(
  items: readonly StoreItem[],
  brand: Pick<Brand, 'isProfessionalLine'>,
) {
  const fitting = items.filter(
    (item) => item.Accessory || item.MarcellProItem === brand.isProfessionalLine,
  );
  const { devices, accessories } = splitStoreSections(fitting.map(toDomainItem));
  const byId = new Map(items.map((item) => [item.ItemId, item]));
  const back = (list: DomainStoreItem[]) => list.map((item) => byId.get(item.itemId)!);
  return { devices: back(devices), accessories: back(accessories) };
}

/** A cart line for `quantity` of an item, at the store's price. */
export function toCartItem(item: StoreItem, quantity: number): CartItem {
  return {
    itemId: item.ItemId,
    quantity,
    weight: item.Weight,
    unitPrice: dollarsToCents(item.UnitPrice),
  };
}

/**
 * The add a store card's form asks for when it is pressed before the page's code has come
 * (`/store?add=<item id>&quantity=<1–10>`, decision 071): the item among those the brand sells
 * here and the quantity, or null when either is not one the card offers.
 */
export function readAddFromAddress(
  params: URLSearchParams,
  onSale: readonly StoreItem[],
): { item: StoreItem; quantity: number } | null {
  const item = onSale.find((candidate) => String(candidate.ItemId) === params.get('add'));
  const quantity = Number(params.get('quantity'));
  const isOffered =
    Number.isInteger(quantity) && quantity >= CART_QUANTITY_MIN && quantity <= CART_QUANTITY_MAX;
  return item && isOffered ? { item, quantity } : null;
}
