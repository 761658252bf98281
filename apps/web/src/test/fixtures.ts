import type { StoreItem } from '@monitor/contract/store';
import type { User } from '@monitor/contract/users';
import type { Brand } from '@monitor/domain/shared/brands';

const brand = (tenantId: Brand['tenantId'], extra: Partial<Brand> = {}): Brand => ({
  tenantId,
  name: `Brand ${tenantId}`,
  phone: `1-800-555-010${tenantId}`,
  email: `help${tenantId}@example.com`,
  isStoreSupported: false,
  externalStoreUrl: null,
  aboutUrl: '/about',
  isProfessionalLine: false,
  ...extra,
});

/** The brand list as GET /api/brands answers it; tenant 1 sends its store to an outside shop. */
export const BRANDS_ANSWER = {
  brands: [
    brand(1, {
      name: 'MarCell',
      isStoreSupported: true,
      externalStoreUrl: 'https://shop.marcell.example',
    }),
    brand(2, { isStoreSupported: true }),
    brand(3),
    brand(4),
    brand(5),
    brand(6, { isStoreSupported: true, isProfessionalLine: true }),
  ],
  defaultTenantId: 1,
};

export const DEMO_USER: User = {
  Id: 7,
  FirstName: 'Ellen',
  LastName: 'Ripley',
  FullName: 'Ellen Ripley',
  EmailAddress: 'ellen@example.com',
  TenantId: 1,
  CustomerId: null,
  BillingType: 0,
  SubAccount: null,
  UserPref: { UserPrefsId: 1, UserId: 7, TempPref: 'F' },
  Roles: [],
  DefaultBillingAddress: null,
};

export const inOneHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

/** The monitor as GET /api/items/getactive lists it. */
export const MONITOR_ITEM: StoreItem = {
  ItemId: 1,
  StoreName: 'Cellular Monitor',
  Description: 'Temperature, humidity and power-outage monitor.',
  UnitPrice: 229,
  Weight: 1,
  Active: true,
  Accessory: false,
  MarcellProItem: false,
};

/** An accessory on sale (GET /api/items/getactive). */
export const PUCK_ITEM: StoreItem = {
  ItemId: 4,
  StoreName: 'Wireless Sensor Puck',
  Description: 'A second room.',
  UnitPrice: 39,
  Weight: 2,
  Active: true,
  Accessory: true,
  MarcellProItem: false,
};
