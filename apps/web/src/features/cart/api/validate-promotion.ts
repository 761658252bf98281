import type { Promotion } from '@monitor/contract/store';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/promotions/validate (store-and-public-site §7), sent without a token: the promotion
 * when the code exists and has not expired; a 404 'Invalid Promo Code, cannot proceed!' otherwise.
 */
export function validatePromotion(code: string): Promise<Promotion> {
  return apiRequest<Promotion>('/api/promotions/validate', {
    method: 'POST',
    body: { PromoCode: code },
    withToken: false,
  });
}
