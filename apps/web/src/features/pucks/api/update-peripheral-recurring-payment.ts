import type { z } from 'zod';
import type { RecurringPayment } from '@monitor/contract/peripheral-billing';
import { apiRequest } from '../../../lib/api-client';

export type RecurringPaymentAnswer = z.infer<typeof RecurringPayment>;

/** PUT /api/paymentprocessing/updatePeripheralRecurringPayment/: the monthly amount with the new puck. */
export function updatePeripheralRecurringPayment(
  userDeviceId: number,
): Promise<RecurringPaymentAnswer> {
  return apiRequest<RecurringPaymentAnswer>(
    '/api/paymentprocessing/updatePeripheralRecurringPayment/',
    { method: 'PUT', body: { UserDeviceId: userDeviceId } },
  );
}
