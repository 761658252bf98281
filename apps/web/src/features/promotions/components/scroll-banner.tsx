import { Box, Button, Container, Group, Text } from '@mantine/core';
import { SCROLL_BANNER_OFFSET_PX, useScrolledPast } from '../hooks/use-scrolled-past';

/**
 * The bar that follows the reader once the page has scrolled past 500 px (store-and-public-site
 * §2 "Landing pages"), so the offer stays one tap away; absent before that.
 */
export function ScrollBanner({
  text,
  actionLabel,
  onAction,
  isBusy,
  isMobile,
}: {
  text: string;
  actionLabel: string;
  onAction: () => void;
  isBusy: boolean;
  isMobile: boolean;
}) {
  const isShown = useScrolledPast(SCROLL_BANNER_OFFSET_PX);
  if (!isShown) return null;
  return (
    <Box
      role="region"
      aria-label="Promotion reminder"
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      py="sm"
      style={{
        zIndex: 150,
        background: 'var(--mantine-color-brand-8)',
        color: 'white',
        boxShadow: '0 -4px 16px rgba(0, 0, 0, 0.15)',
      }}
    >
      <Container size="lg">
        <Group justify="space-between" gap="sm" wrap={isMobile ? 'wrap' : 'nowrap'}>
          <Text fw={700} size={isMobile ? 'sm' : 'md'}>
            {text}
          </Text>
          <Button
            variant="white"
            color="brand"
            onClick={onAction}
            loading={isBusy}
            fullWidth={isMobile}
          >
            {actionLabel}
          </Button>
        </Group>
      </Container>
    </Box>
  );
}
