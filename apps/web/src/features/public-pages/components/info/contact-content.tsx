import { Alert, Anchor, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useBrand } from '../../../../lib/brand-context';
import { MailIcon, PhoneIcon, ToolIcon } from '../../../../components/ui/icons';
import { InfoPage } from './info-page';

/** Contact Us: phone and e-mail now; the message form is later work. */
export function ContactContent() {
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
      <Alert
        mt="xl"
        icon={<ToolIcon />}
        color="gray"
        variant="light"
        title="Contact form coming soon"
      >
        A form for sending us a message from this page is being set up. Until then, phone or e-mail
        reaches the same team.
      </Alert>
    </InfoPage>
  );
}
