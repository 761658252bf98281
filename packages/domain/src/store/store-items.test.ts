import { describe, expect, it } from 'vitest';
import { cents } from '../shared/money';
import {
  BUNDLED_UNIT_ITEM_IDS,
  isBundledUnitItem,
  isInstantUpdateItem,
  splitStoreSections,
  STORE_ITEM_IDS,
  type StoreItem,
} from './store-items';

const item = (itemId: number, extra: Partial<StoreItem> = {}): StoreItem => ({
  itemId,
  unitPrice: cents(1000),
  storeName: `Item ${itemId}`,
  isActive: true,
  isAccessory: false,
  isMarcellProItem: false,
  weight: 1,
  ...extra,
});

describe('store items', () => {
  it.each([
    ['standardDevice', 1],
    ['standardBundle', 11],
    ['standardDeviceCarrier2', 16],
    ['standardBundleCarrier2', 17],
    ['professionalDevice', 19],
    ['professionalBundle', 21],
    ['professionalDeviceCarrier2', 20],
    ['professionalBundleCarrier2', 22],
    ['instantUpdates', 13],
    ['petMonitor', 27],
    ['bundledUnitA', 14],
    ['bundledUnitB', 15],
    ['item4', 4],
    ['item7', 7],
  ] as const)('names %s item %i (store-and-public-site §9)', (name, itemId) => {
    expect(STORE_ITEM_IDS[name]).toBe(itemId);
  });

  it('names every item id the spec lists (store-and-public-site §9)', () => {
    expect(Object.values(STORE_ITEM_IDS).sort((a, b) => a - b)).toEqual([
      1, 4, 7, 11, 13, 14, 15, 16, 17, 19, 20, 21, 22, 27,
    ]);
  });

  it('knows 13 as instant updates and 14 and 15 as bundled units (store-and-public-site §5)', () => {
    expect(isInstantUpdateItem(13)).toBe(true);
    expect(isInstantUpdateItem(1)).toBe(false);
    expect(BUNDLED_UNIT_ITEM_IDS).toEqual([14, 15]);
    expect(isBundledUnitItem(15)).toBe(true);
    expect(isBundledUnitItem(13)).toBe(false);
  });

  it('splits active items into the device and accessory sections (store-and-public-site §2)', () => {
    const sections = splitStoreSections([
      item(1),
      item(4, { isAccessory: true }),
      item(7, { isAccessory: true, isActive: false }),
      item(11, { isActive: false }),
    ]);
    expect(sections.devices.map((i) => i.itemId)).toEqual([1]);
    expect(sections.accessories.map((i) => i.itemId)).toEqual([4]);
  });
});
