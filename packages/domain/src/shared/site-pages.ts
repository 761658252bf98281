import type { Brand } from './brands';

/**
 * The public pages a search engine is told about (store-and-public-site §2): home, about, FAQs,
 * guarantee, returns, privacy, documentation, support, contact, store and sign-in. The web app's
 * route table serves each (apps/web/src/app/site-pages.test.ts proves it).
 */
export const PUBLIC_PAGE_PATHS = [
  '/',
  '/about',
  '/faqs',
  '/guarantee',
  '/returns',
  '/privacy-policy',
  '/documentation',
  '/support',
  '/contact',
  '/store',
  '/login',
] as const;

/**
 * The first segment of every signed-in page of the route table (its RequireAuth children), which
 * robots.txt disallows; apps/web/src/app/site-pages.test.ts fails when the table and this differ.
 */
export const SIGNED_IN_PATH_PREFIXES = [
  '/account',
  '/devices',
  '/multi-unit-registration',
  '/staff',
  '/devicelist',
  '/devicedebugdetails',
] as const;

/**
 * A brand's own public pages: without the store where the brand has none or sends it to an outside
 * shop, and without About where that is an outside link (buildHeaderNavigation).
 */
export function publicPagesOf(brand: Brand): string[] {
  return PUBLIC_PAGE_PATHS.filter((path) => {
    if (path === '/store') return brand.isStoreSupported && brand.externalStoreUrl === null;
    if (path === '/about') return brand.aboutUrl === '/about';
    return true;
  });
}
