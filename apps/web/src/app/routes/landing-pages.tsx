import { Navigate, useSearchParams } from 'react-router';
import { GenericLanding } from '../../features/promotions/components/generic-landing';
import { MarcellProLanding } from '../../features/promotions/components/marcell-pro-landing';
import { PromotionLandingPage } from '../../features/promotions/components/promotion-landing-page';
import { usePageTitle } from '../../lib/use-page-title';
import { useAddFromLanding } from './landing-cart';

/** /promotions?pid=CODE; without a pid the visitor goes home (store-and-public-site §2). */
export function PromotionsPage() {
  usePageTitle('Promotion');
  const [searchParams] = useSearchParams();
  const pid = searchParams.get('pid')?.trim();
  const addToCart = useAddFromLanding();
  if (!pid) return <Navigate to="/" replace />;
  return <PromotionLandingPage key={pid} pid={pid} addToCart={addToCart} />;
}

/** /promotion: the promotion-error landing, the generic one (store-and-public-site §2). */
export function PromotionPage() {
  usePageTitle('Monitor your property from anywhere');
  return <GenericLanding />;
}

/** /marcell-pro: the professional-line landing (store-and-public-site §2). */
export function MarcellProPage() {
  usePageTitle('Professional line');
  const addToCart = useAddFromLanding();
  return <MarcellProLanding addToCart={addToCart} />;
}
