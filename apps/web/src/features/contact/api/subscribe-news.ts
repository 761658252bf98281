import type { z } from 'zod';
import type { InterestedCustomerRequest } from '@monitor/contract/contact';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/interestedcustomers (store-and-public-site §7): the news sign-up, sent without a
 * token (§6); signing up twice is not an error.
 */
export function subscribeNews(
  request: z.infer<typeof InterestedCustomerRequest>,
): Promise<unknown> {
  return apiRequest<unknown>('/api/interestedcustomers', {
    method: 'POST',
    body: request,
    withToken: false,
  });
}
