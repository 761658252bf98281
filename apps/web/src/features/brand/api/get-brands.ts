import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BrandsResponse } from '@monitor/contract/brands';
import { apiRequest } from '../../../lib/api-client';

export type BrandsAnswer = z.infer<typeof BrandsResponse>;

/** GET /api/brands: every brand's public settings and the default tenant. */
export function getBrands({ signal }: { signal?: AbortSignal } = {}): Promise<BrandsAnswer> {
  return apiRequest<BrandsAnswer>('/api/brands', { withToken: false, signal });
}

export const getBrandsQueryOptions = () =>
  queryOptions({
    queryKey: ['brands'],
    queryFn: ({ signal }) => getBrands({ signal }),
    staleTime: Infinity,
  });

export function useBrands() {
  return useQuery(getBrandsQueryOptions());
}
