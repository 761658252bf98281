import { useRef } from 'react';
import type { Order } from '@monitor/contract/orders';
import { placeOrder } from '../api/place-order';
import { createAttemptKeys } from '../lib/attempt-key';
import { attemptFingerprint, type OrderRequestBody } from '../lib/order-request';
import { ApiError } from '../../../lib/api-client';

/**
 * Sends an order under its attempt's Idempotency-Key (decision 046): the same attempt sent again
 * (the answer lost, a second click) carries the same key, so the server answers the first order;
 * after a refusal (any 4xx) the next try is a new attempt with a new key.
 */
export function usePlaceOrder() {
  const keys = useRef(createAttemptKeys());
  return async (body: OrderRequestBody): Promise<Order> => {
    const idempotencyKey = keys.current.keyFor(attemptFingerprint(body));
    try {
      const order = await placeOrder({ request: body, idempotencyKey });
      keys.current.finish();
      return order;
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        keys.current.finish();
      }
      throw error;
    }
  };
}
