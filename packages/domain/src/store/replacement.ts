import { cents, dollarsToCents, type Cents } from '../shared/money';

/** A device offered for replacement (store-and-public-site §3 "Replacement user"). */
export type EligibleDevice = {
  /** Carrier: 1 or 2. */
  deviceNsp: number;
  deviceType: number;
  serialNumber: string;
  /** Whether the customer keeps this device in the request; true unless they untick it. */
  replace?: boolean;
};

/** Price per replaced device, used when the item cannot be loaded (store-and-public-site §4, §9). */
export const REPLACEMENT_PRICE: Cents = dollarsToCents(99);

/** Item used when the carrier and type match no row (store-and-public-site §9). */
export const DEFAULT_REPLACEMENT_ITEM_ID = 100;

/**
 * Replacement items by carrier and device type (store-and-public-site §9): carrier 1 with types
 * 1, 2, 6 gives 100 and with 4, 5, 7 gives 103; carrier 2 gives 200 and 203.
 */
export const REPLACEMENT_ITEMS: readonly {
  carrier: number;
  deviceTypes: readonly number[];
  itemId: number;
}[] = [
  { carrier: 1, deviceTypes: [1, 2, 6], itemId: 100 },
  { carrier: 1, deviceTypes: [4, 5, 7], itemId: 103 },
  { carrier: 2, deviceTypes: [1, 2, 6], itemId: 200 },
  { carrier: 2, deviceTypes: [4, 5, 7], itemId: 203 },
];

/** Purchase variants of the replacement items (store-and-public-site §9); how each is chosen is not shown. */
export const REPLACEMENT_PURCHASE_ITEM_IDS: readonly number[] = [
  101, 105, 102, 104, 201, 205, 202, 204,
];

/** Whether an item id is one the replacement program sells (store-and-public-site §9). */
export function isReplacementItemId(itemId: number): boolean {
  return (
    REPLACEMENT_ITEMS.some((row) => row.itemId === itemId) ||
    itemId === DEFAULT_REPLACEMENT_ITEM_ID ||
    REPLACEMENT_PURCHASE_ITEM_IDS.includes(itemId)
  );
}

/** The replacement item for a device by carrier and type, or the default 100 (store-and-public-site §9). */
export function replacementItemFor(
  device: Pick<EligibleDevice, 'deviceNsp' | 'deviceType'>,
): number {
  return (
    REPLACEMENT_ITEMS.find(
      (row) => row.carrier === device.deviceNsp && row.deviceTypes.includes(device.deviceType),
    )?.itemId ?? DEFAULT_REPLACEMENT_ITEM_ID
  );
}

/** Only devices marked for replacement count; the mark defaults to true (store-and-public-site §3, §4). */
export function devicesToReplace<T extends EligibleDevice>(devices: readonly T[]): T[] {
  return devices.filter((device) => device.replace !== false);
}

/** One line of the replacement request per replaced device, quantity 1 (store-and-public-site §3, §9). */
export type ReplacementLine = { itemId: number; quantity: 1; serial: string };

/** The request lines for the devices marked for replacement (store-and-public-site §3 "Replacement request"). */
export function buildReplacementLines(devices: readonly EligibleDevice[]): ReplacementLine[] {
  return devicesToReplace(devices).map((device) => ({
    itemId: replacementItemFor(device),
    quantity: 1,
    serial: device.serialNumber,
  }));
}

/**
 * What the replacement costs: the loaded item price, or 99 when the item could not be loaded,
 * for each device marked for replacement (store-and-public-site §4, §9).
 */
export function computeReplacementTotal(
  devices: readonly EligibleDevice[],
  loadedUnitPrice: Cents | null = null,
): Cents {
  const unit = loadedUnitPrice ?? REPLACEMENT_PRICE;
  return cents(unit * devicesToReplace(devices).length);
}

/** Fixed fields of the replacement request: priority 1, BillingUser 0, ShippingType N (store-and-public-site §3). */
export const REPLACEMENT_REQUEST_DEFAULTS = {
  priority: 1,
  billingUser: 0,
  shippingType: 'N',
} as const;
