import { Alert, List, Text } from '@mantine/core';
import { ClockIcon } from '../../../../components/ui/icons';
import { InfoPage, InfoSection } from './info-page';

/** Instant update information (store-and-public-site §2). */
export function InstantUpdateContent() {
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
        Instant update packs will be sold in the store, which is being set up.
      </Alert>
    </InfoPage>
  );
}
