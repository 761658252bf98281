import type { z } from 'zod';
import type { PeripheralUpfrontCharge } from '@monitor/contract/peripheral-billing';
import { apiRequest } from '../../../lib/api-client';

export type PeripheralUpfrontChargeAnswer = z.infer<typeof PeripheralUpfrontCharge>;

/**
 * POST /api/paymentprocessing/submitPeripheralUpfrontCharge/ (device-management §4 "puck
 * subscription payment"): one charge per Idempotency-Key, by a new card's nonce or, without one,
 * the unit's card on file.
 */
export function submitPeripheralUpfrontCharge({
  userDeviceId,
  quantity = 1,
  paymentNonce,
  idempotencyKey,
}: {
  userDeviceId: number;
  quantity?: number;
  paymentNonce?: string;
  idempotencyKey: string;
}): Promise<PeripheralUpfrontChargeAnswer> {
  return apiRequest<PeripheralUpfrontChargeAnswer>(
    '/api/paymentprocessing/submitPeripheralUpfrontCharge/',
    {
      method: 'POST',
      body: {
        UserDeviceId: userDeviceId,
        Quantity: quantity,
        ...(paymentNonce && { PaymentNonce: paymentNonce }),
      },
      headers: { 'Idempotency-Key': idempotencyKey },
    },
  );
}
