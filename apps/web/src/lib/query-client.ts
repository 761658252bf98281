import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Query keys that do not belong to a user and survive sign-in and sign-out. */
export const PUBLIC_QUERY_ROOTS = new Set(['brands', 'outbox']);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer will not change by asking again; network and 5xx failures get two retries.
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
