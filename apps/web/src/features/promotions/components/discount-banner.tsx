import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatCents, type Cents } from '@monitor/domain/shared/money';
import { STORE_DEVICE_SECTION_PATH } from '../lib/store-links';

/**
 * The promotion's lead (store-and-public-site §2 "Landing pages"): the code's device price, the
 * regular price when the catalogue has answered, claim-discount and go-to-store.
 */
export function DiscountBanner({
  brandName,
  code,
  devicePrice,
  regularPrice,
  onClaim,
  isClaiming,
  isMobile,
}: {
  brandName: string;
  code: string;
  devicePrice: Cents;
  regularPrice: Cents | null;
  onClaim: () => void;
  isClaiming: boolean;
  isMobile: boolean;
}) {
  const isDiscounted = regularPrice !== null && regularPrice > devicePrice;
  const Actions = isMobile ? Stack : Group;
  return (
    <Stack gap="md" align={isMobile ? 'stretch' : 'flex-start'} maw={720}>
      <Badge variant="white" color="brand" size="lg" w="fit-content">
        Promotion code {code}
      </Badge>
      <Title order={1} c="white" fz={isMobile ? 30 : 46} style={{ letterSpacing: '-0.02em' }}>
        The {brandName} monitor for {formatCents(devicePrice)}
      </Title>
      {isDiscounted && (
        <Text size="lg" c="blue.0">
          Regular price{' '}
          <Text span td="line-through" inherit>
            {formatCents(regularPrice)}
          </Text>
          : you save {formatCents((regularPrice - devicePrice) as Cents)} with this promotion.
        </Text>
      )}
      <Text size="lg" c="blue.0">
        Temperature, humidity and power alerts by text, e-mail or phone, over its own cellular
        connection. Monitoring plans from as low as $8.25 per month, no long contracts.
      </Text>
      {/* On a phone the two buttons stack at full width: side by side their labels were cut. */}
      <Actions gap="sm">
        <Button
          size="lg"
          variant="white"
          color="brand"
          onClick={onClaim}
          loading={isClaiming}
          fullWidth={isMobile}
        >
          Claim discount
        </Button>
        <Button
          size="lg"
          variant="outline"
          color="white"
          component={Link}
          to={STORE_DEVICE_SECTION_PATH}
          fullWidth={isMobile}
        >
          Go to store
        </Button>
      </Actions>
    </Stack>
  );
}
