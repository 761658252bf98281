import type { Order } from '@monitor/contract/orders';
import type { OrderRequestBody } from '../lib/order-request';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/sales/ (store-and-public-site §3 "Order payload", §7; decision 044): the server
 * prices every line, discount, shipping and tax itself and charges once per Idempotency-Key —
 * the same key answers the same order. The session token goes with it when signed in, so the
 * order is the buyer's (and instant updates reach their device).
 */
export function placeOrder({
  request,
  idempotencyKey,
}: {
  request: OrderRequestBody;
  idempotencyKey: string;
}): Promise<Order> {
  return apiRequest<Order>('/api/sales/', {
    method: 'POST',
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
