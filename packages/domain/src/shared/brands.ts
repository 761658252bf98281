/** Tenants (brands) 1 to 6; tenant 1 sends the store to an external shop, tenant 6 is the professional line (store-and-public-site §1). */
export type TenantId = 1 | 2 | 3 | 4 | 5 | 6;

export const TENANT_IDS: readonly TenantId[] = [1, 2, 3, 4, 5, 6];
export const PROFESSIONAL_TENANT: TenantId = 6;
export const EXTERNAL_STORE_TENANT: TenantId = 1;

/** Per-brand settings; `phone` and `email` fill the spec's {phone} and {email}. */
export type Brand = {
  tenantId: TenantId;
  name: string;
  phone: string;
  email: string;
  isStoreSupported: boolean;
  /** Only tenant 1: the external shop its Store link opens. */
  externalStoreUrl: string | null;
  /** About Us may be an outside http link that opens in a new tab. */
  aboutUrl: string;
  isProfessionalLine: boolean;
};

export function isTenantId(value: unknown): value is TenantId {
  return typeof value === 'number' && (TENANT_IDS as readonly number[]).includes(value);
}

export type NavLink = {
  key: 'home' | 'devices' | 'about' | 'contact' | 'faqs' | 'store';
  label: string;
  href: string;
  isExternal: boolean;
  requiresLogin: boolean;
  /** Store is highlighted only on the home page. */
  isHighlightedOnHomeOnly: boolean;
};

const link = (
  key: NavLink['key'],
  label: string,
  href: string,
  extra: Partial<NavLink> = {},
): NavLink => ({
  key,
  label,
  href,
  isExternal: /^https?:\/\//.test(href),
  requiresLogin: false,
  isHighlightedOnHomeOnly: false,
  ...extra,
});

/**
 * The header navigation for a brand: tenants 1-4 get Home, My Devices, About Us, Contact Us and
 * FAQS; tenants 5 and 6 only My Devices; a Store link is added where the store is supported,
 * external for tenant 1 (store-and-public-site §2 "Header").
 */
export function buildHeaderNavigation(brand: Brand): NavLink[] {
  const myDevices = link('devices', 'My Devices', '/devices', { requiresLogin: true });
  const links =
    brand.tenantId <= 4
      ? [
          link('home', 'Home', '/'),
          myDevices,
          link('about', 'About Us', brand.aboutUrl),
          link('contact', 'Contact Us', '/contact'),
          link('faqs', 'FAQS', '/faqs'),
        ]
      : [myDevices];
  if (brand.isStoreSupported) {
    const href =
      brand.tenantId === EXTERNAL_STORE_TENANT && brand.externalStoreUrl
        ? brand.externalStoreUrl
        : '/store';
    links.push(link('store', 'Store', href, { isHighlightedOnHomeOnly: true }));
  }
  return links;
}
