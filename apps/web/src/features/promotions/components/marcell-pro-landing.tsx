import { useState } from 'react';
import { Alert, Button, Card, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { StoreItem } from '@monitor/contract/store';
import { STORE_CART_MESSAGES } from '@monitor/domain/shared/store-messages';
import { dollarsToCents, formatCents } from '@monitor/domain/shared/money';
import { useErrorModal } from '../../../components/ui/error-modal';
import { useBrand } from '../../../lib/brand-context';
import { useActiveItems } from '../api/get-active-items';
import { useIsMobileLanding } from '../hooks/use-is-mobile-landing';
import type { AddFromLanding } from '../lib/landing-cart';
import { LandingLayout } from './landing-layout';
import { LoadingStatus } from '../../../components/ui/loading-status';

/** The professional line's items: those the catalogue marks MarcellProItem (store-and-public-site §3). */
export function professionalItems(items: readonly StoreItem[]): StoreItem[] {
  return items.filter((item) => item.Active && item.MarcellProItem);
}

/**
 * The professional-line landing, /marcell-pro (store-and-public-site §1, §2): for businesses that
 * keep food, medicine, plants or servers at a safe temperature, with the line's items from
 * GET /api/items/getactive, each one click from the cart.
 */
export function MarcellProLanding({ addToCart }: { addToCart: AddFromLanding }) {
  const brand = useBrand();
  const isMobile = useIsMobileLanding();
  const items = useActiveItems();
  return (
    <LandingLayout
      isMobile={isMobile}
      banner={
        <Stack gap="md" maw={760}>
          <Text tt="uppercase" fw={700} c="blue.1" size="sm" style={{ letterSpacing: '0.08em' }}>
            Professional line
          </Text>
          <Title order={1} c="white" fz={isMobile ? 30 : 44} style={{ letterSpacing: '-0.02em' }}>
            Temperature monitoring for the business that cannot afford a warm freezer
          </Title>
          <Text size="lg" c="blue.0">
            Restaurants, pharmacies, labs, greenhouses and server rooms use the {brand.name}{' '}
            professional monitor to log readings around the clock and alert the right staff the
            moment a range is crossed. Sub-accounts give each employee their own sign-in.
          </Text>
        </Stack>
      }
    >
      <Stack gap="lg" component="section" aria-labelledby="pro-items-title">
        <Title order={2} id="pro-items-title" ta="center" fz={{ base: 24, sm: 30 }}>
          The professional line
        </Title>
        {items.isPending ? (
          <LoadingStatus justify="center">Loading the professional line…</LoadingStatus>
        ) : items.isError ? (
          <Alert color="red" role="alert">
            {STORE_CART_MESSAGES.loadItemsFailed}
          </Alert>
        ) : (
          <ProfessionalItems
            items={professionalItems(items.data)}
            addToCart={addToCart}
            isMobile={isMobile}
            phone={brand.phone}
          />
        )}
      </Stack>
    </LandingLayout>
  );
}

function ProfessionalItems({
  items,
  addToCart,
  isMobile,
  phone,
}: {
  items: StoreItem[];
  addToCart: AddFromLanding;
  isMobile: boolean;
  phone: string;
}) {
  const showError = useErrorModal();
  const [addingId, setAddingId] = useState<number | null>(null);
  if (items.length === 0) {
    return (
      <Text ta="center" c="dimmed">
        The professional line is sold by our team: call {phone} for a quote.
      </Text>
    );
  }

  async function add(item: StoreItem) {
    setAddingId(item.ItemId);
    try {
      await addToCart({ item, unitPrice: dollarsToCents(item.UnitPrice), promoCode: null });
    } catch {
      showError(STORE_CART_MESSAGES.itemForSaleFailed);
    } finally {
      setAddingId(null);
    }
  }

  return (
    <SimpleGrid cols={isMobile ? 1 : Math.min(items.length, 3)} spacing="lg">
      {items.map((item) => (
        <Card key={item.ItemId} withBorder radius="lg" padding="lg">
          <Stack gap="xs" h="100%">
            <Title order={3} fz="h4">
              {item.StoreName}
            </Title>
            <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
              {item.Description}
            </Text>
            <Text fw={700} fz="xl">
              {formatCents(dollarsToCents(item.UnitPrice))}
            </Text>
            <Button
              onClick={() => void add(item)}
              loading={addingId === item.ItemId}
              disabled={addingId !== null && addingId !== item.ItemId}
            >
              <span>
                Add <VisuallyHidden>{item.StoreName}</VisuallyHidden> to cart
              </span>
            </Button>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
