import { LANDING_PROMOTION_ALERTS } from '@monitor/domain/store/promotions';
import { RedirectWithAlert } from '../../../components/ui/redirect-with-alert';
import { useLandingPromotion } from '../hooks/use-landing-promotion';
import type { AddFromLanding } from '../lib/landing-cart';
import { PromotionLanding, PromotionLoading } from './promotion-landing';

/**
 * /promotions?pid=CODE (store-and-public-site §2, §4 "Landing promotion"): a valid code shows its
 * landing; an expired or unknown code, or a failed lookup, goes home with its §8 alert.
 */
export function PromotionLandingPage({
  pid,
  addToCart,
}: {
  pid: string;
  addToCart: AddFromLanding;
}) {
  const landing = useLandingPromotion(pid);
  switch (landing.state) {
    case 'loading':
      return <PromotionLoading />;
    case 'valid':
      return (
        <PromotionLanding
          code={landing.code}
          devicePrice={landing.devicePrice}
          addToCart={addToCart}
        />
      );
    case 'expired':
    case 'invalid':
    case 'error':
      return <RedirectWithAlert to="/" message={LANDING_PROMOTION_ALERTS[landing.state]} />;
  }
}
