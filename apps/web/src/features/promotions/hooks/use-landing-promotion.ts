import {
  classifyLandingPromotion,
  promotionPriceFor,
  type LandingPromotionState,
} from '@monitor/domain/store/promotions';
import { dollarsToCents, type Cents } from '@monitor/domain/shared/money';
import { toIsoDate } from '@monitor/domain/shared/calendar-date';
import { useReferralPromo } from '../api/get-referral-promo';

export type LandingPromotion =
  | { state: 'loading' }
  | { state: Exclude<LandingPromotionState, 'valid'> }
  | { state: 'valid'; code: string; devicePrice: Cents };

/**
 * The promotion a landing page's pid names (store-and-public-site §4 "Landing promotion"): valid,
 * expired (ExpiryDate before today in New York, the server's day), invalid (no such code) or error
 * (the lookup failed). A valid code's device price is the answer's, else the §9 table's.
 */
export function useLandingPromotion(pid: string): LandingPromotion {
  const lookup = useReferralPromo(pid);
  if (lookup.isPending) return { state: 'loading' };
  if (lookup.isError) return { state: 'error' };
  const answer = lookup.data;
  const state = classifyLandingPromotion(
    { promotionId: answer.PromotionId, expiryDate: answer.ExpiryDate },
    // The server's day, New York's (as entities/billing's billingToday; not imported from there
    // so the landing does not split that module into a chunk of its own, bench/web).
    toIsoDate(new Date(), 'America/New_York'),
  );
  if (state !== 'valid') return { state };
  const code = answer.PromoCode || pid.toUpperCase();
  const devicePrice =
    answer.DevicePrice !== null ? dollarsToCents(answer.DevicePrice) : promotionPriceFor(code);
  // promotionPriceFor answers null only for an empty code, which a valid lookup never has.
  return { state: 'valid', code, devicePrice: devicePrice ?? promotionPriceFor(pid)! };
}
