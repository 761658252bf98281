import { createContext, useContext } from 'react';
import { isTenantId, type Brand, type TenantId } from '@monitor/domain/shared/brands';
import { readRememberedTenant } from '../../../lib/tenant';
import { useBrands, type BrandsAnswer } from '../api/get-brands';

/** Shown only when the brand list cannot be loaded, so pages still render. */
export const FALLBACK_BRAND: Brand = {
  tenantId: 1,
  name: 'Remote Monitoring',
  phone: 'our support line',
  email: 'support',
  isStoreSupported: false,
  externalStoreUrl: null,
  aboutUrl: '/about',
  isProfessionalLine: false,
};

/** The current tenant: the remembered `tid` startup parameter, else the server's default (store-and-public-site §2). */
export function selectCurrentBrand(answer: BrandsAnswer, remembered: number | null): Brand {
  const brands = answer.brands.filter((brand): brand is Brand => isTenantId(brand.tenantId));
  const wanted = remembered ?? answer.defaultTenantId;
  return (
    brands.find((brand) => brand.tenantId === wanted) ??
    brands.find((brand) => brand.tenantId === answer.defaultTenantId) ??
    brands[0] ??
    FALLBACK_BRAND
  );
}

/**
 * The tenant the server chose for a page it renders (decision 071): from the request's `tid`
 * parameter or cookie, the precedence the browser applies at startup, which it cannot read there.
 */
export const RenderedTenantContext = createContext<TenantId | null>(null);

export function useCurrentBrand(): { brand: Brand | null; isLoading: boolean } {
  const { data, isPending, isError } = useBrands();
  const renderedTenant = useContext(RenderedTenantContext);
  if (isPending) return { brand: null, isLoading: true };
  if (isError) return { brand: FALLBACK_BRAND, isLoading: false };
  const tenantId = renderedTenant ?? readRememberedTenant();
  return { brand: selectCurrentBrand(data, tenantId), isLoading: false };
}
