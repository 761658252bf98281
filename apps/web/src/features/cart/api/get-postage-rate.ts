import type { PostageRate } from '@monitor/contract/store';
import type { PostageRateQuery } from '@monitor/domain/store/postage';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/sales/calculatePostageRateEstore (store-and-public-site §7), sent without a token:
 * Rate[0] is the postage in dollars, DeliveryDate the §4 estimate.
 */
export function getPostageRate(query: PostageRateQuery): Promise<PostageRate> {
  return apiRequest<PostageRate>('/api/sales/calculatePostageRateEstore', {
    query: { ...query, orderId: query.orderId ?? undefined },
    withToken: false,
  });
}
