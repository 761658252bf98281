import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralPromo } from '@monitor/contract/store';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/promotions/getReferralPromo?promoCode (store-and-public-site §7), sent without a token:
 * PromotionId null when there is no such code, ExpiryDate yyyy-MM-dd or null, and the code's
 * device price (§9).
 */
export function getReferralPromo(
  promoCode: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReferralPromo> {
  return apiRequest<ReferralPromo>('/api/promotions/getReferralPromo', {
    query: { promoCode },
    withToken: false,
    signal,
  });
}

export const getReferralPromoQueryOptions = (promoCode: string) =>
  queryOptions({
    queryKey: ['referral-promo', promoCode.toUpperCase()],
    queryFn: ({ signal }) => getReferralPromo(promoCode, { signal }),
    staleTime: 5 * 60_000,
  });

export function useReferralPromo(promoCode: string) {
  return useQuery(getReferralPromoQueryOptions(promoCode));
}
