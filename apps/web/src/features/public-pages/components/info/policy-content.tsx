import { Anchor, List, Text } from '@mantine/core';
import { useBrand } from '../../../../lib/brand-context';
import { InfoPage, InfoSection } from './info-page';

/** Our guarantee. */
export function GuaranteeContent() {
  const brand = useBrand();
  return (
    <InfoPage
      eyebrow="Guarantee"
      title="Our satisfaction guarantee"
      lead="Try the monitor in the place you care about. If it is not right for you, send it back."
    >
      <InfoSection title="30-day money-back guarantee">
        <Text>
          If you are not satisfied within 30 days of delivery, return the monitor in its original
          packaging for a full refund of the purchase price. Monitoring already used is not charged
          beyond the month in progress.
        </Text>
      </InfoSection>
      <InfoSection title="One-year limited warranty">
        <Text>
          The monitor is warranted against defects in materials and workmanship for one year from
          purchase. We repair or replace a faulty unit at no charge. Damage from misuse, water
          immersion or unauthorised repair is not covered.
        </Text>
      </InfoSection>
      <InfoSection title="How to make a claim">
        <Text>
          Call {brand.phone} or write to{' '}
          <Anchor underline="always" href={`mailto:${brand.email}`}>
            {brand.email}
          </Anchor>{' '}
          with your device serial number. We will confirm the next steps the same business day.
        </Text>
      </InfoSection>
    </InfoPage>
  );
}

/** Returns. */
export function ReturnsContent() {
  const brand = useBrand();
  return (
    <InfoPage eyebrow="Returns" title="Returns and exchanges" lead="Returning a product is simple.">
      <InfoSection title="Before you send anything">
        <Text>
          Contact us first at {brand.phone} or{' '}
          <Anchor underline="always" href={`mailto:${brand.email}`}>
            {brand.email}
          </Anchor>{' '}
          for a return authorisation number. Returns without one can take longer to process.
        </Text>
      </InfoSection>
      <InfoSection title="What can be returned">
        <List spacing={6}>
          <List.Item>Monitors and accessories within 30 days of delivery.</List.Item>
          <List.Item>Items in their original packaging with all parts included.</List.Item>
          <List.Item>
            Instant updates and monitoring time already used cannot be refunded.
          </List.Item>
        </List>
      </InfoSection>
      <InfoSection title="Refunds">
        <Text>
          Refunds go back to the original payment card within 5 to 10 business days after we receive
          the return. Original shipping charges are not refunded unless the item was faulty.
        </Text>
      </InfoSection>
    </InfoPage>
  );
}

/** Privacy policy. */
export function PrivacyContent() {
  const brand = useBrand();
  return (
    <InfoPage
      eyebrow="Privacy"
      title="Privacy policy"
      lead="What we collect, why, and what we never do with it."
    >
      <InfoSection title="What we collect">
        <List spacing={6}>
          <List.Item>Your name, e-mail address, billing address and phone number.</List.Item>
          <List.Item>
            Readings your devices report: temperature, humidity, power, water and signal.
          </List.Item>
          <List.Item>The alert contacts you enter, so we can notify them.</List.Item>
        </List>
      </InfoSection>
      <InfoSection title="How we use it">
        <Text>
          To run the monitoring service, send the alerts you ask for, bill your subscription and
          answer your support requests. Payment card details are handled by our payment processor;
          we never store full card numbers.
        </Text>
      </InfoSection>
      <InfoSection title="What we never do">
        <Text>We do not sell your personal information or your device data.</Text>
      </InfoSection>
      <InfoSection title="Your choices">
        <Text>
          You can update your details on your account page at any time. To close your account and
          delete your data, write to{' '}
          <Anchor underline="always" href={`mailto:${brand.email}`}>
            {brand.email}
          </Anchor>
          .
        </Text>
      </InfoSection>
    </InfoPage>
  );
}
