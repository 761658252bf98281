import type { Cents } from '../shared/money';

/** An item the store sells (store-and-public-site §3 "Store item"). Weight is in the unit the postage service takes. */
export type StoreItem = {
  itemId: number;
  unitPrice: Cents;
  storeName: string;
  isActive: boolean;
  isAccessory: boolean;
  isMarcellProItem: boolean;
  weight: number;
};

/** The item ids the spec names (store-and-public-site §9). */
export const STORE_ITEM_IDS = {
  /** Standard device. */
  standardDevice: 1,
  /** Standard device bundle. */
  standardBundle: 11,
  /** Carrier 2 version of the standard device. */
  standardDeviceCarrier2: 16,
  /** Carrier 2 version of the standard bundle. */
  standardBundleCarrier2: 17,
  /** Professional-line device. */
  professionalDevice: 19,
  /** Professional-line bundle. */
  professionalBundle: 21,
  /** Professional-line device, carrier 2. */
  professionalDeviceCarrier2: 20,
  /** Professional-line bundle, carrier 2. */
  professionalBundleCarrier2: 22,
  /** Instant updates: needs login, bought alone. */
  instantUpdates: 13,
  /** Pet monitor. */
  petMonitor: 27,
  /** Bundled units: one at a time and alone. */
  bundledUnitA: 14,
  bundledUnitB: 15,
  /** Item with a call-for-rate threshold above 24 and a ×8 shipping weight. */
  item4: 4,
  /** Item with a call-for-rate threshold above 5. */
  item7: 7,
} as const;

export type NamedStoreItemId = (typeof STORE_ITEM_IDS)[keyof typeof STORE_ITEM_IDS];

/** Items 14 and 15: bundled units, sold one at a time and alone (store-and-public-site §5). */
export const BUNDLED_UNIT_ITEM_IDS: readonly number[] = [
  STORE_ITEM_IDS.bundledUnitA,
  STORE_ITEM_IDS.bundledUnitB,
];

/** Device items sold on carrier 2 (store-and-public-site §9). */
export const CARRIER_2_ITEM_IDS: readonly number[] = [16, 17, 20, 22];

/** Professional-line items (store-and-public-site §9). */
export const PROFESSIONAL_ITEM_IDS: readonly number[] = [19, 21, 20, 22];

/** Whether an item is instant updates, item 13 (store-and-public-site §5, §9). */
export function isInstantUpdateItem(itemId: number): boolean {
  return itemId === STORE_ITEM_IDS.instantUpdates;
}

/**
 * Items credited to one of the buyer's devices rather than shipped: instant updates (13) and the
 * pet monitor upgrade (27). Each needs a signed-in buyer, goes alone and needs no delivery
 * (store-and-public-site §4, §5 for item 13; item 27 follows it, decision 044).
 */
export const DEVICE_CREDIT_ITEM_IDS: readonly number[] = [
  STORE_ITEM_IDS.instantUpdates,
  STORE_ITEM_IDS.petMonitor,
];

/** Whether an item is credited to a device, not shipped: 13 or 27. */
export function isDeviceCreditItem(itemId: number): boolean {
  return DEVICE_CREDIT_ITEM_IDS.includes(itemId);
}

/** The standard device items a referral price applies to: 1 and its carrier 2 version 16 (store-and-public-site §9). */
export const REFERRAL_PRICED_ITEM_IDS: readonly number[] = [
  STORE_ITEM_IDS.standardDevice,
  STORE_ITEM_IDS.standardDeviceCarrier2,
];

/** Whether an item is a bundled unit, item 14 or 15 (store-and-public-site §5, §9). */
export function isBundledUnitItem(itemId: number): boolean {
  return BUNDLED_UNIT_ITEM_IDS.includes(itemId);
}

/** Splits the active items into the store page's device and accessory sections (store-and-public-site §2 "Store page"). */
export function splitStoreSections(items: readonly StoreItem[]): {
  devices: StoreItem[];
  accessories: StoreItem[];
} {
  const active = items.filter((item) => item.isActive);
  return {
    devices: active.filter((item) => !item.isAccessory),
    accessories: active.filter((item) => item.isAccessory),
  };
}
