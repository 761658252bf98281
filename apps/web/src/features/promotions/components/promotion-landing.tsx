import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { STORE_CART_MESSAGES } from '@monitor/domain/shared/store-messages';
import { STORE_ITEM_IDS } from '@monitor/domain/store/store-items';
import { dollarsToCents, formatCents, type Cents } from '@monitor/domain/shared/money';
import { useErrorModal } from '../../../components/ui/error-modal';
import { useBrand } from '../../../lib/brand-context';
import { getActiveItemsQueryOptions } from '../api/get-active-items';
import { useIsMobileLanding } from '../hooks/use-is-mobile-landing';
import type { AddFromLanding } from '../lib/landing-cart';
import { STORE_DEVICE_SECTION_PATH } from '../lib/store-links';
import { DiscountBanner } from './discount-banner';
import { LandingFaq } from './landing-faq';
import { LandingLayout } from './landing-layout';
import { ScrollBanner } from './scroll-banner';
import { LoadingStatus } from '../../../components/ui/loading-status';

/**
 * The landing page of a valid referral promotion (store-and-public-site §2 "Landing pages", §9):
 * the discount banner, a scroll banner after 500 px, claim-discount (the standard device, item
 * 1, at the code's price with the code applied, then the cart) and go-to-store, the 13 questions.
 */
export function PromotionLanding({
  code,
  devicePrice,
  addToCart,
}: {
  code: string;
  devicePrice: Cents;
  addToCart: AddFromLanding;
}) {
  const brand = useBrand();
  const isMobile = useIsMobileLanding();
  const showError = useErrorModal();
  const queryClient = useQueryClient();
  // The regular price beside the promotion's, when the catalogue answers; the page stands without it.
  const items = useQuery(getActiveItemsQueryOptions());
  const standard = items.data?.find((item) => item.ItemId === STORE_ITEM_IDS.standardDevice);
  const [isClaiming, setIsClaiming] = useState(false);

  async function claim() {
    if (isClaiming) return;
    setIsClaiming(true);
    try {
      const all = await queryClient.fetchQuery(getActiveItemsQueryOptions());
      const item = all.find((candidate) => candidate.ItemId === STORE_ITEM_IDS.standardDevice);
      if (!item) throw new Error('The standard device is not on sale.');
      await addToCart({ item, unitPrice: devicePrice, promoCode: code });
    } catch {
      showError(STORE_CART_MESSAGES.itemForSaleFailed);
    } finally {
      setIsClaiming(false);
    }
  }

  const price = formatCents(devicePrice);
  return (
    <>
      <LandingLayout
        isMobile={isMobile}
        banner={
          <DiscountBanner
            brandName={brand.name}
            code={code}
            devicePrice={devicePrice}
            regularPrice={standard ? dollarsToCents(standard.UnitPrice) : null}
            onClaim={() => void claim()}
            isClaiming={isClaiming}
            isMobile={isMobile}
          />
        }
      >
        <LandingFaq />
        <Stack gap="sm" align="center" ta="center">
          <Text size="lg" fw={600}>
            Ready? Your price of {price} is applied in the cart with code {code}.
          </Text>
          <Group gap="sm" justify="center" grow={isMobile} w={isMobile ? '100%' : undefined}>
            <Button size="md" onClick={() => void claim()} loading={isClaiming}>
              Claim discount
            </Button>
            <Button size="md" variant="default" component={Link} to={STORE_DEVICE_SECTION_PATH}>
              Go to store
            </Button>
          </Group>
        </Stack>
      </LandingLayout>
      <ScrollBanner
        text={`${brand.name} monitor for ${price} with code ${code}`}
        actionLabel="Claim discount"
        onAction={() => void claim()}
        isBusy={isClaiming}
        isMobile={isMobile}
      />
    </>
  );
}

/** While the promotion is looked up. */
export function PromotionLoading() {
  return (
    <LoadingStatus justify="center" py={80}>
      Checking your promotion…
    </LoadingStatus>
  );
}
