import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OutboxMessage as OutboxMessageSchema } from '@monitor/contract/outbox';
import { apiRequest, isApiError } from '../../../lib/api-client';

export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/** The local outbox, or `null` when mail goes out through a real SMTP server (the call answers 404). */
export type Outbox = { messages: OutboxMessage[] } | null;

export const OUTBOX_REFRESH_MS = 5_000;

/** GET /api/outbox: messages the demo would have sent, newest first. */
export async function getOutbox({ signal }: { signal?: AbortSignal } = {}): Promise<Outbox> {
  try {
    return await apiRequest<{ messages: OutboxMessage[] }>('/api/outbox', {
      withToken: false,
      signal,
    });
  } catch (error) {
    if (isApiError(error, 404)) return null;
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
