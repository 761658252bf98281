import type { Brand, TenantId } from '@monitor/domain/shared/brands';

/**
 * The six brands. Phone and e-mail fill the spec's {phone} and {email}; change them here (or
 * per deployment) without touching code that shows messages.
 */
export const BRANDS: Readonly<Record<TenantId, Brand>> = {
  1: {
    tenantId: 1,
    name: 'MarCell',
    phone: '1-877-627-2355',
    email: 'support@marcell.example',
    isStoreSupported: true,
    externalStoreUrl: 'https://shop.marcell.example',
    aboutUrl: '/about',
    isProfessionalLine: false,
  },
  2: {
    tenantId: 2,
    name: 'CellWatch',
    phone: '1-866-555-0142',
    email: 'support@cellwatch.example',
    isStoreSupported: true,
    externalStoreUrl: null,
    aboutUrl: '/about',
    isProfessionalLine: false,
  },
  3: {
    tenantId: 3,
    name: 'HomeSentry',
    phone: '1-866-555-0173',
    email: 'help@homesentry.example',
    isStoreSupported: true,
    externalStoreUrl: null,
    aboutUrl: '/about',
    isProfessionalLine: false,
  },
  4: {
    tenantId: 4,
    name: 'GreenGuard',
    phone: '1-866-555-0188',
    email: 'support@greenguard.example',
    isStoreSupported: false,
    externalStoreUrl: null,
    aboutUrl: '/about',
    isProfessionalLine: false,
  },
  5: {
    tenantId: 5,
    name: 'FleetTemp',
    phone: '1-866-555-0109',
    email: 'support@fleettemp.example',
    isStoreSupported: false,
    externalStoreUrl: null,
    aboutUrl: '/about',
    isProfessionalLine: false,
  },
  6: {
    tenantId: 6,
    name: 'MarCell Pro',
    phone: '1-877-627-2356',
    email: 'pro@marcell.example',
    isStoreSupported: true,
    externalStoreUrl: null,
    aboutUrl: '/about',
    isProfessionalLine: true,
  },
};
