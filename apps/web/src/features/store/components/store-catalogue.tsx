import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { StoreItem } from '@monitor/contract/store';
import { STORE_CART_MESSAGES } from '@monitor/domain/shared/store-messages';
import { errorMessageFor } from '../../../lib/api-client';
import { useBrand } from '../../../lib/brand-context';
import { useActiveItems } from '../api/get-active-items';
import type { StoreAddAnswer } from '../lib/line-limit';
import { hasOwnStore, storeSectionsFor, type StoreSection } from '../lib/store-catalogue';
import { ProductCard } from './product-card';
import { LoadingStatus } from '../../../components/ui/loading-status';

const SECTION_TITLES: Record<StoreSection, string> = {
  devices: 'Monitors',
  accessories: 'Sensors, accessories and upgrades',
};

export type StoreCatalogueProps = {
  /** The section a link opened (`?section=`); null shows both (the main view). */
  section: StoreSection | null;
  /** The cart's answer; a line's limit is said on its product card (issue #24). */
  onAdd: (item: StoreItem, quantity: number) => StoreAddAnswer;
  /** An add made from the store's address (a card pressed before the code came), said on its card. */
  addedFromAddress: { itemId: number; answer: StoreAddAnswer } | null;
  /** The cart, its promo entry and checkout summary, beside the products. */
  cart: ReactNode;
};

/**
 * The store page (store-and-public-site §2 "Store page", §4 "Store"): the device and accessory
 * sections of the active items that fit the brand, the cart beside them. Tenant 1's store is its
 * external shop; a brand without a store says so (§1, §9).
 */
export function StoreCatalogue({ section, onAdd, addedFromAddress, cart }: StoreCatalogueProps) {
  const brand = useBrand();
  const items = useActiveItems({ enabled: hasOwnStore(brand) });
  if (brand.externalStoreUrl) {
    return (
      <Stack gap="sm" maw={560}>
        <Title order={1}>Store</Title>
        <Text>{brand.name} products are sold in our online shop.</Text>
        <Group>
          <Button component="a" href={brand.externalStoreUrl} rel="noopener">
            Go to the {brand.name} shop
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!brand.isStoreSupported) {
    return (
      <Stack gap="sm" maw={560}>
        <Title order={1}>Store</Title>
        <Alert color="blue" title="The store is not available">
          {brand.name} does not sell online. Please contact us on {brand.phone} to order.
        </Alert>
        <Group>
          <Button component={Link} to="/" variant="light">
            Back to home
          </Button>
        </Group>
      </Stack>
    );
  }
  const sections = items.data ? storeSectionsFor(items.data, brand) : null;
  const shown: StoreSection[] = section ? [section] : ['devices', 'accessories'];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Store</Title>
        <Group gap="md" component="nav" aria-label="Store sections">
          <Anchor component={Link} to="/store" aria-current={section === null ? 'page' : undefined}>
            All products
          </Anchor>
          <Anchor
            component={Link}
            to="/store?section=devices"
            aria-current={section === 'devices' ? 'page' : undefined}
          >
            Monitors
          </Anchor>
          <Anchor
            component={Link}
            to="/store?section=accessories"
            aria-current={section === 'accessories' ? 'page' : undefined}
          >
            Accessories
          </Anchor>
        </Group>
      </Group>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xl">
            {items.isPending && <LoadingStatus>Loading the store…</LoadingStatus>}
            {items.isError && (
              <Alert color="red" role="alert">
                {errorMessageFor(items.error, STORE_CART_MESSAGES.loadItemsFailed)}
              </Alert>
            )}
            {sections &&
              shown.map((key) => (
                <section key={key} aria-labelledby={`store-${key}`}>
                  <Title order={2} id={`store-${key}`} mb="sm">
                    {SECTION_TITLES[key]}
                  </Title>
                  {sections[key].length === 0 ? (
                    <Text c="dimmed">{STORE_CART_MESSAGES.loadItemsFailed}</Text>
                  ) : (
                    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                      {sections[key].map((item) => (
                        <ProductCard
                          key={item.ItemId}
                          item={item}
                          onAdd={onAdd}
                          addedFromAddress={
                            addedFromAddress?.itemId === item.ItemId
                              ? addedFromAddress.answer
                              : undefined
                          }
                        />
                      ))}
                    </SimpleGrid>
                  )}
                </section>
              ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <aside aria-label="Your cart">{cart}</aside>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
