import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SalesTax } from '@monitor/contract/sales';
import { centsToDollars, type Cents } from '@monitor/domain/shared/money';
import { apiRequest } from '../../../lib/api-client';

export type SalesTaxAnswer = z.infer<typeof SalesTax>;

/** Where the tax is owed and on what: the verified address and one period's subtotal. */
export type SalesTaxParams = {
  zip: string;
  state: string;
  city: string;
  street: string;
  amount: Cents;
};

/** GET /api/taxrates/calculateSalesTax (accounts-devices-billing §7 "Sales"), sent without a token. */
export function calculateSalesTax(
  { zip, state, city, street, amount }: SalesTaxParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SalesTaxAnswer> {
  return apiRequest<SalesTaxAnswer>('/api/taxrates/calculateSalesTax', {
    query: {
      toZip: zip,
      toState: state,
      toCity: city,
      toStreet: street,
      amount: centsToDollars(amount).toFixed(2),
      shipping: 0,
      quantity: 1,
    },
    withToken: false,
    signal,
  });
}

/** Tax is calculated only when the ZIP has at least 5 characters (accounts-devices-billing §5). */
export const isTaxableZip = (zip: string | null | undefined) => (zip?.trim().length ?? 0) >= 5;

export const calculateSalesTaxQueryOptions = (params: SalesTaxParams) =>
  queryOptions({
    queryKey: ['sales-tax', params],
    queryFn: ({ signal }) => calculateSalesTax(params, { signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });

/** The tax on `params`, or nothing asked while there is no address or its ZIP is short. */
export function useCalculateSalesTax(params: SalesTaxParams | null) {
  return useQuery({
    ...calculateSalesTaxQueryOptions(
      params ?? { zip: '', state: '', city: '', street: '', amount: 0 as Cents },
    ),
    enabled: params !== null && isTaxableZip(params.zip),
  });
}
