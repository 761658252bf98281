import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { buildHeaderNavigation } from '@monitor/domain/shared/brands';
import { ClockIcon } from '../../../../components/ui/icons/clock-icon';
import { useBrand } from '../../../../lib/brand-context';
import { InfoPage, InfoSection } from './info-page';

/** Instant update information (store-and-public-site §2), and where this brand sells them. */
export function InstantUpdateContent() {
  const brand = useBrand();
  const store = buildHeaderNavigation(brand).find((link) => link.key === 'store');
  return (
    <InfoPage
      eyebrow="Instant updates"
      title="Instant updates"
      lead="Ask your monitor for a fresh reading right now, instead of waiting for its next scheduled report."
    >
      <InfoSection title="How it works">
        <List spacing={6}>
          <List.Item>Choose Instant update on a device in My Devices.</List.Item>
          <List.Item>The request goes to the monitor over its cellular link.</List.Item>
          <List.Item>
            The new reading usually arrives within a minute and the page refreshes.
          </List.Item>
        </List>
      </InfoSection>
      <InfoSection title="When it helps">
        <Text>
          After a storm, before a trip, or when an alert arrives and you want to know whether things
          are getting better or worse.
        </Text>
      </InfoSection>
      <Alert icon={<ClockIcon />} color="blue" variant="light" title="Buying instant updates">
        Instant updates come in packs, credited to one of your devices. Sign in first: a pack is
        bought on its own, not with other store items.{' '}
        {store ? (
          store.isExternal ? (
            <Anchor href={store.href} target="_blank" rel="noopener noreferrer" underline="always">
              Buy a pack in the store
            </Anchor>
          ) : (
            <Anchor component={Link} to={store.href} underline="always">
              Buy a pack in the store
            </Anchor>
          )
        ) : (
          <>Call {brand.phone} to add a pack to your device.</>
        )}
      </Alert>
    </InfoPage>
  );
}
