import { Anchor, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useBrand } from '../../../../lib/brand-context';
import { FileIcon } from '../../../../components/ui/icons/file-icon';
import { MailIcon } from '../../../../components/ui/icons/mail-icon';
import { PhoneIcon } from '../../../../components/ui/icons/phone-icon';
import { PlayIcon } from '../../../../components/ui/icons/play-icon';
import { InfoPage } from './info-page';

/** Support: the ways to get help. */
export function SupportContent() {
  const brand = useBrand();
  const ways = [
    {
      icon: PhoneIcon,
      title: 'Call us',
      body: (
        <Anchor underline="always" href={`tel:${brand.phone}`}>
          {brand.phone}
        </Anchor>
      ),
      note: 'Monday to Friday, 8 am to 6 pm Eastern',
    },
    {
      icon: MailIcon,
      title: 'E-mail',
      body: (
        <Anchor underline="always" href={`mailto:${brand.email}`}>
          {brand.email}
        </Anchor>
      ),
      note: 'We answer within one business day',
    },
    {
      icon: PlayIcon,
      title: 'How-to videos',
      body: (
        <Anchor underline="always" component={Link} to="/videos">
          Watch the walkthroughs
        </Anchor>
      ),
      note: 'Registering, notifications, pucks and more',
    },
    {
      icon: FileIcon,
      title: 'Documentation',
      body: (
        <Anchor underline="always" component={Link} to="/documentation">
          Quick-start guides
        </Anchor>
      ),
      note: 'Set-up guides for every model',
    },
  ];
  return (
    <InfoPage
      eyebrow="Support"
      title="How can we help?"
      lead="Real people who know the product, and guides for doing it yourself."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {ways.map((way) => (
          <Paper key={way.title} withBorder radius="lg" p="lg">
            <Stack gap={6}>
              <ThemeIcon size={44} radius="md" variant="light">
                <way.icon size={22} />
              </ThemeIcon>
              <Title order={2} fz="h4" mt={6}>
                {way.title}
              </Title>
              <Text fw={600}>{way.body}</Text>
              <Text size="sm" c="dimmed">
                {way.note}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Text mt="xl" c="dimmed">
        Many answers are also in the{' '}
        <Anchor underline="always" component={Link} to="/faqs">
          FAQS
        </Anchor>
        .
      </Text>
    </InfoPage>
  );
}
