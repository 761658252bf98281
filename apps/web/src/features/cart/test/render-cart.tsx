import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Brand } from '@monitor/domain/shared/brands';
import { cents } from '@monitor/domain/shared/money';
import type { CartItem } from '@monitor/domain/store/cart';
import { ErrorModalProvider } from '../../../components/ui/error-modal';
import { BrandContext } from '../../../lib/brand-context';
import { BRANDS_ANSWER } from '../../../test/fixtures';
import { useCart } from '../hooks/use-cart';
import { reloadCartState } from '../lib/cart-store';

/** Tenant 2: a store of its own, phone 1-800-555-0102. */
export const STORE_BRAND = BRANDS_ANSWER.brands[1] as Brand;

/** Runs `useCart()` in the providers it needs (Mantine, queries, the 'Error!' modal, a brand), from what is stored. */
export function renderCart() {
  reloadCartState();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <ErrorModalProvider>
          <BrandContext value={STORE_BRAND}>{children}</BrandContext>
        </ErrorModalProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
  return renderHook(() => useCart(), { wrapper });
}

/** A cart line as the store makes it: ItemId, quantity, price in cents, weight in ounces. */
export const line = (itemId: number, quantity = 1, unitPrice = 22900, weight = 16): CartItem => ({
  itemId,
  quantity,
  weight,
  unitPrice: cents(unitPrice),
});
