import { Button, Container } from '@mantine/core';
import { Link } from 'react-router';
import { NewsSignup } from '../../features/contact/components/news-signup';
import { FeaturesGrid } from '../../features/public-pages/components/home/features-grid';
import { HowItWorks } from '../../features/public-pages/components/home/how-it-works';
import { PricingBanner } from '../../features/public-pages/components/home/pricing-banner';
import { PromoVideo } from '../../features/public-pages/components/home/promo-video';
import { Testimonials } from '../../features/public-pages/components/home/testimonials';
import { useSession } from '../../lib/session';

/**
 * The home page below its opening (store-and-public-site §1): the promo video, how it works, the
 * features, the testimonials, the news sign-up and the price. One lazy module, loaded once the
 * hero has rendered (home-page.tsx), so none of it is in the home page's first download.
 */
export function HomeSections() {
  const session = useSession();
  return (
    <>
      <PromoVideo />
      <HowItWorks />
      <FeaturesGrid />
      <Testimonials />
      <Container size="sm" py={{ base: 32, sm: 48 }}>
        <NewsSignup />
      </Container>
      <PricingBanner
        action={
          <Button
            component={Link}
            to={session.loggedIn ? '/devices' : '/register'}
            size="lg"
            variant="white"
            color="brand"
          >
            {session.loggedIn ? 'Go to My Devices' : 'Create your account'}
          </Button>
        }
      />
    </>
  );
}
