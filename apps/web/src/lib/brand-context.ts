import { createContext, useContext } from 'react';
import type { Brand } from '@monitor/domain/shared/brands';
import { fillBrand } from '@monitor/domain/shared/messages';

/** The current brand (tenant); the app fills it once brands are loaded. */
export const BrandContext = createContext<Brand | null>(null);

export function useBrand(): Brand {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand needs the BrandContext provider');
  return brand;
}

/** Fills {phone} and {email} in a message with the current brand's values. */
export function useBrandMessage(): (message: string) => string {
  const brand = useBrand();
  return (message) => fillBrand(message, brand);
}
