import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OutboxMessage as OutboxMessageSchema } from '@monitor/contract/outbox';
import { apiRequest, isApiError } from '../../../lib/api-client';

export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/**
 * The local outbox; `null` when mail goes out through a real SMTP server (the call answers 404);
 * `'closed'` when this browser may not read it: the server answers only its own machine's loopback
 * address or staff, as the mailbox holds password-reset links (decision 019).
 */
export type Outbox = { messages: OutboxMessage[] } | null | 'closed';

export const OUTBOX_REFRESH_MS = 5_000;

/** GET /api/outbox: messages the demo would have sent, newest first. */
export async function getOutbox({ signal }: { signal?: AbortSignal } = {}): Promise<Outbox> {
  try {
    // A staff session may read it from anywhere; its 401 is an answer, not an ended session.
    return await apiRequest<{ messages: OutboxMessage[] }>('/api/outbox', {
      skipAutoLogout: true,
      signal,
    });
  } catch (error) {
    if (isApiError(error, 404)) return null;
    if (isApiError(error, 401) || isApiError(error, 403)) return 'closed';
    throw error;
  }
}

export const getOutboxQueryOptions = () =>
  queryOptions({
    queryKey: ['outbox'],
    queryFn: ({ signal }) => getOutbox({ signal }),
    staleTime: 0,
  });

export function useOutbox({ refetchInterval }: { refetchInterval?: number } = {}) {
  return useQuery({ ...getOutboxQueryOptions(), refetchInterval });
}
