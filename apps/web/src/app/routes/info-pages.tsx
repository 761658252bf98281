import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader';
import { AboutContent } from '../../features/public-pages/components/info/about-content';
import { ContactContent } from '../../features/public-pages/components/info/contact-content';
import { DocumentationContent } from '../../features/public-pages/components/info/documentation-content';
import { FaqsContent } from '../../features/public-pages/components/info/faqs-content';
import { InstantUpdateContent } from '../../features/public-pages/components/info/instant-update-content';
import {
  GuaranteeContent,
  PrivacyContent,
  ReturnsContent,
} from '../../features/public-pages/components/info/policy-content';
import { loadPageApart } from './load-page-apart';
import { SupportContent } from '../../features/public-pages/components/info/support-content';
import { findSupportVideo } from '../../features/public-pages/components/info/support-videos';
import {
  VideoContent,
  VideosContent,
} from '../../features/public-pages/components/info/videos-content';
import { usePageTitle } from '../../lib/use-page-title';

const ContactForm = lazy(() =>
  import('../../features/contact/components/contact-form').then((m) => ({
    default: m.ContactForm,
  })),
);

/** /promotions, /promotion, /marcell-pro (store-and-public-site §2): landing-pages.tsx. */
export const PromotionsPage = loadPageApart(() =>
  import('./landing-pages').then((m) => ({ default: m.PromotionsPage })),
);
export const PromotionPage = loadPageApart(() =>
  import('./landing-pages').then((m) => ({ default: m.PromotionPage })),
);
export const MarcellProPage = loadPageApart(() =>
  import('./landing-pages').then((m) => ({ default: m.MarcellProPage })),
);
/** /deviceupgrade (store-and-public-site §2): replacement-offer-page.tsx. */
export const ReplacementOfferPage = loadPageApart(() =>
  import('./replacement-offer-page').then((m) => ({ default: m.ReplacementOfferPage })),
);

// Thin route pages: each names the tab and shows its content.
export function AboutPage() {
  usePageTitle('About us');
  return <AboutContent />;
}
export function FaqsPage() {
  usePageTitle('FAQS');
  return <FaqsContent />;
}
export function GuaranteePage() {
  usePageTitle('Guarantee');
  return <GuaranteeContent />;
}
export function ReturnsPage() {
  usePageTitle('Returns');
  return <ReturnsContent />;
}
export function PrivacyPolicyPage() {
  usePageTitle('Privacy policy');
  return <PrivacyContent />;
}
export function DocumentationPage() {
  usePageTitle('Documentation');
  return <DocumentationContent />;
}
export function SupportPage() {
  usePageTitle('Support');
  return <SupportContent />;
}
export function ContactPage() {
  usePageTitle('Contact us');
  return (
    <ContactContent
      form={
        <Suspense fallback={<PageLoader label="Loading the form" />}>
          <ContactForm />
        </Suspense>
      }
    />
  );
}
export function VideosPage() {
  usePageTitle('How-to videos');
  return <VideosContent />;
}
export function InstantUpdatePage() {
  usePageTitle('Instant updates');
  return <InstantUpdateContent />;
}

/** A support video page; the route is the video's key (store-and-public-site §2). */
export function SupportVideoPage() {
  const { pathname } = useLocation();
  const video = findSupportVideo(pathname.replace(/^\/|\/$/g, ''));
  usePageTitle(video?.title ?? null);
  if (!video) return <Navigate to="/videos" replace />;
  return <VideoContent video={video} />;
}

/*
 * /store and /cart (store-and-public-site §2; decision 046): store-pages.tsx, loaded apart behind
 * this module so the sign-in download carries no list of their chunks.
 */
export const StorePage = loadPageApart(() =>
  import('./store-pages').then((m) => ({ default: m.StorePage })),
);
export const CartPage = loadPageApart(() =>
  import('./store-pages').then((m) => ({ default: m.CartPage })),
);
