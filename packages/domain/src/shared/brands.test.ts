import { describe, expect, it } from 'vitest';
import { buildHeaderNavigation, isTenantId, type Brand, type TenantId } from './brands';

const brand = (tenantId: TenantId, extra: Partial<Brand> = {}): Brand => ({
  tenantId,
  name: `Brand ${tenantId}`,
  phone: '1-800-555-0100',
  email: 'help@example.com',
  isStoreSupported: true,
  externalStoreUrl: tenantId === 1 ? 'https://shop.example.com' : null,
  aboutUrl: '/about',
  isProfessionalLine: tenantId === 6,
  ...extra,
});

const keys = (b: Brand) => buildHeaderNavigation(b).map((link) => link.key);

describe('buildHeaderNavigation', () => {
  it.each([1, 2, 3, 4] as const)(
    'gives tenant %i Home, My Devices, About Us, Contact Us, FAQS and Store (store-and-public-site §2 "Header")',
    (tenantId) => {
      expect(keys(brand(tenantId))).toEqual([
        'home',
        'devices',
        'about',
        'contact',
        'faqs',
        'store',
      ]);
    },
  );

  it.each([5, 6] as const)(
    'gives tenant %i only My Devices, plus Store where supported (store-and-public-site §2 "Header")',
    (tenantId) => {
      expect(keys(brand(tenantId))).toEqual(['devices', 'store']);
      expect(keys(brand(tenantId, { isStoreSupported: false }))).toEqual(['devices']);
    },
  );

  it('leaves the Store link out when the tenant does not support the store (store-and-public-site §2 "Header")', () => {
    expect(keys(brand(2, { isStoreSupported: false }))).not.toContain('store');
  });

  it('sends tenant 1 to the external store site (store-and-public-site §2 "Header")', () => {
    const store = buildHeaderNavigation(brand(1)).find((link) => link.key === 'store');
    expect(store).toMatchObject({ href: 'https://shop.example.com', isExternal: true });
  });

  it('sends other tenants to the in-site store, highlighted only on the home page (store-and-public-site §2 "Header")', () => {
    const store = buildHeaderNavigation(brand(3)).find((link) => link.key === 'store');
    expect(store).toMatchObject({
      href: '/store',
      isExternal: false,
      isHighlightedOnHomeOnly: true,
    });
  });

  it('requires login for My Devices (store-and-public-site §2 "Header")', () => {
    const devices = buildHeaderNavigation(brand(2)).find((link) => link.key === 'devices');
    expect(devices).toMatchObject({ href: '/devices', requiresLogin: true });
  });

  it('opens About Us in a new tab when it is an http link (store-and-public-site §2 "Header")', () => {
    const about = (b: Brand) => buildHeaderNavigation(b).find((link) => link.key === 'about');
    expect(about(brand(2, { aboutUrl: 'https://about.example.com' }))?.isExternal).toBe(true);
    expect(about(brand(2))?.isExternal).toBe(false);
  });
});

describe('isTenantId', () => {
  it('accepts tenants 1 to 6 only (store-and-public-site §1)', () => {
    expect([0, 1, 6, 7, 2.5, '3'].map(isTenantId)).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
