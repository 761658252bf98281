import type { z } from 'zod';
import type { ReplacementRequest, ReplacementSubmitted } from '@monitor/contract/replacement';
import { apiRequest } from '../../../lib/api-client';

export type ReplacementOrder = z.infer<typeof ReplacementSubmitted>;

/**
 * POST /api/verizonreplacement/form/submit?token (store-and-public-site §7): the replacement
 * order, once per Idempotency-Key. A refused card answers 400 with `processorErrors` (the §8
 * payment error filter); the answer names the order.
 */
export function submitReplacement({
  request,
  idempotencyKey,
}: {
  request: ReplacementRequest;
  idempotencyKey: string;
}): Promise<ReplacementOrder> {
  return apiRequest<ReplacementOrder>('/api/verizonreplacement/form/submit', {
    method: 'POST',
    query: { token: request.RequestToken },
    body: request,
    withToken: false,
    skipAutoLogout: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
