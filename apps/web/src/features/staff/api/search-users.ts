import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffUserSearchAnswer } from '@monitor/contract/staff';
import { apiRequest } from '../../../lib/api-client';

type Params = { search: string; page: number };

/** GET /api/staff/users (staff only): customers by part of an e-mail address, serial or IMEI. */
export function searchUsers(
  { search, page }: Params,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StaffUserSearchAnswer> {
  return apiRequest<StaffUserSearchAnswer>('/api/staff/users', {
    query: { search, page },
    signal,
  });
}

export const searchUsersQueryOptions = (params: Params) =>
  queryOptions({
    queryKey: ['staff-user-search', params.search, params.page],
    queryFn: ({ signal }) => searchUsers(params, { signal }),
    // The previous page stays on screen while the next one loads, so the list does not jump.
    placeholderData: keepPreviousData,
  });

/** Asks only once a search has been submitted (`search` is null before). */
export function useSearchUsers({ search, page }: { search: string | null; page: number }) {
  return useQuery({
    ...searchUsersQueryOptions({ search: search ?? '', page }),
    enabled: search !== null,
  });
}
