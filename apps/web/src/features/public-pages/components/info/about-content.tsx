import { Anchor, SimpleGrid, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useBrand } from '../../../../lib/brand-context';
import { InfoPage, InfoSection } from './info-page';

/** About Us. */
export function AboutContent() {
  const brand = useBrand();
  return (
    <InfoPage
      eyebrow="About us"
      title={`About ${brand.name}`}
      lead="We build cellular monitors that keep an eye on the places you cannot be: second homes, RVs, greenhouses, server rooms, cold storage and warehouses."
    >
      <InfoSection title="Why we started">
        <Text>
          A frozen pipe, a failed freezer or an overheated server room rarely announces itself. Most
          of the damage happens in the hours before anyone notices. Our monitors notice first, and
          tell you in time to act, even when the power and the internet are down.
        </Text>
      </InfoSection>
      <InfoSection title="What we believe">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mt="xs">
          {[
            ['Simple', 'Plug it in and it works. No Wi-Fi passwords, no hubs, no apps required.'],
            [
              'Reliable',
              'Its own cellular link and a battery backup keep it reporting through outages.',
            ],
            ['Fair', `Plans from as low as $8.25 per month, with no long contracts.`],
          ].map(([title, text]) => (
            <Paper key={title} withBorder radius="md" p="md">
              <Title order={3} fz="h5" mb={4}>
                {title}
              </Title>
              <Text size="sm" c="dimmed">
                {text}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </InfoSection>
      <InfoSection title="Talk to us">
        <Text>
          Call us at{' '}
          <Anchor underline="always" href={`tel:${brand.phone}`}>
            {brand.phone}
          </Anchor>
          , write to{' '}
          <Anchor underline="always" href={`mailto:${brand.email}`}>
            {brand.email}
          </Anchor>{' '}
          or use the{' '}
          <Anchor underline="always" component={Link} to="/contact">
            contact page
          </Anchor>
          .
        </Text>
      </InfoSection>
    </InfoPage>
  );
}
