import type { ReactNode } from 'react';
import { useCurrentBrand } from '../features/brand/hooks/use-current-brand';
import { PageLoader } from '../components/ui/page-loader';
import { BrandContext } from '../lib/brand-context';

/** Waits for the brand (name, phone, navigation) before showing any page. */
export function BrandGate({ children }: { children: ReactNode }) {
  const { brand } = useCurrentBrand();
  if (!brand) return <PageLoader />;
  return <BrandContext value={brand}>{children}</BrandContext>;
}
