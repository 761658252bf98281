import type { ShippingRateMultiplier } from '@monitor/contract/store';
import type { DeliveryMethod } from '@monitor/domain/store/shipping';
import { apiRequest } from '../../../lib/api-client';

const PATHS: Record<DeliveryMethod, string> = {
  regularShipping: '/api/sales/getShippingRateRegular/',
  overnightShipping: '/api/sales/getShippingRateOvernight/',
};

/** GET getShippingRateRegular/ or getShippingRateOvernight/: the multiplier of §9's shipping rule. */
export function getShippingRateMultiplier(method: DeliveryMethod): Promise<ShippingRateMultiplier> {
  return apiRequest<ShippingRateMultiplier>(PATHS[method], { withToken: false });
}
