import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useBrand } from '../../../lib/brand-context';
import { useIsMobileLanding } from '../hooks/use-is-mobile-landing';
import { STORE_DEVICE_SECTION_PATH } from '../lib/store-links';
import { LandingLayout } from './landing-layout';

/**
 * The generic landing, without a promotion (store-and-public-site §2): /promotion, where a
 * promotion link that no longer works leads. The monitor at its regular price, the store's device
 * section one click away.
 */
export function GenericLanding() {
  const brand = useBrand();
  const isMobile = useIsMobileLanding();
  return (
    <LandingLayout
      isMobile={isMobile}
      banner={
        <Stack gap="md" maw={720}>
          <Title order={1} c="white" fz={isMobile ? 30 : 46} style={{ letterSpacing: '-0.02em' }}>
            Know the moment something goes wrong, wherever you are
          </Title>
          <Text size="lg" c="blue.0">
            The {brand.name} monitor watches temperature, humidity and power at your home, cabin,
            greenhouse or server room, and alerts you by text, e-mail or phone. Monitoring plans
            from as low as $8.25 per month, no long contracts.
          </Text>
          <Group gap="sm" grow={isMobile}>
            <Button
              size="lg"
              variant="white"
              color="brand"
              component={Link}
              to={STORE_DEVICE_SECTION_PATH}
            >
              Shop the monitor
            </Button>
            <Button size="lg" variant="outline" color="white" component={Link} to="/faqs">
              Read the FAQS
            </Button>
          </Group>
        </Stack>
      }
    >
      <Alert color="blue" variant="light" title="Looking for a promotion?">
        Promotion links carry their code and can expire. If the link you followed no longer works,
        call us on {brand.phone} or write to {brand.email} and we will tell you what is on offer
        today.
      </Alert>
    </LandingLayout>
  );
}
