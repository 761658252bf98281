import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReplacementUser } from '@monitor/contract/replacement';
import { apiRequest } from '../../../lib/api-client';

export type ReplacementLink = { customerId: string; token: string };

/**
 * GET /api/verizonreplacement/{customerid}?token (store-and-public-site §7 "Replacement program"):
 * the owner and the devices the link offers to replace. The link's token is the permission, so
 * the call goes without the session's; a used, expired or foreign token is refused.
 */
export function getReplacementUser(
  { customerId, token }: ReplacementLink,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReplacementUser> {
  return apiRequest<ReplacementUser>(`/api/verizonreplacement/${encodeURIComponent(customerId)}`, {
    query: { token },
    withToken: false,
    skipAutoLogout: true,
    signal,
  });
}

export const getReplacementUserQueryOptions = (link: ReplacementLink) =>
  queryOptions({
    queryKey: ['replacement-user', link.customerId, link.token],
    queryFn: ({ signal }) => getReplacementUser(link, { signal }),
    // The offer is read once; a refetch after the order would find the token used.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useReplacementUser(link: ReplacementLink) {
  return useQuery(getReplacementUserQueryOptions(link));
}
