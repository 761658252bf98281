import type { ReactNode } from 'react';
import { Anchor, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useBrand } from '../../../../lib/brand-context';
import { MailIcon } from '../../../../components/ui/icons/mail-icon';
import { PhoneIcon } from '../../../../components/ui/icons/phone-icon';
import { InfoPage } from './info-page';

/** Contact Us: phone, e-mail and the message form (`form`, the contact feature's, composed by the route). */
export function ContactContent({ form }: { form: ReactNode }) {
  const brand = useBrand();
  return (
    <InfoPage
      eyebrow="Contact us"
      title="Get in touch"
      lead="Questions before you buy, or help with a device you own: we are happy to hear from you."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Paper withBorder radius="lg" p="lg">
          <Stack gap={6}>
            <ThemeIcon size={44} radius="md" variant="light">
              <PhoneIcon size={22} />
            </ThemeIcon>
            <Title order={2} fz="h4" mt={6}>
              Phone
            </Title>
            <Anchor underline="always" href={`tel:${brand.phone}`} fw={600}>
              {brand.phone}
            </Anchor>
            <Text size="sm" c="dimmed">
              Monday to Friday, 8 am to 6 pm Eastern
            </Text>
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p="lg">
          <Stack gap={6}>
            <ThemeIcon size={44} radius="md" variant="light">
              <MailIcon size={22} />
            </ThemeIcon>
            <Title order={2} fz="h4" mt={6}>
              E-mail
            </Title>
            <Anchor underline="always" href={`mailto:${brand.email}`} fw={600}>
              {brand.email}
            </Anchor>
            <Text size="sm" c="dimmed">
              We answer within one business day
            </Text>
          </Stack>
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} mt="xl">
        <Stack gap="md">
          <Title order={2} fz="h3">
            Send us a message
          </Title>
          {form}
        </Stack>
      </Paper>
    </InfoPage>
  );
}
