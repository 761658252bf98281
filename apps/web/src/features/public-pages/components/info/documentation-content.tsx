import { Anchor, Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useBrand } from '../../../../lib/brand-context';
import { FileIcon } from '../../../../components/ui/icons/file-icon';
import { InfoPage } from './info-page';

/** The quick-start PDFs, static files of the web app (apps/web/public/docs, written by apps/server/src/tools). */
export const GUIDES = [
  {
    file: 'monitor-quick-start.pdf',
    title: 'Monitor quick-start guide',
    text: 'Unbox, plug in, register and set your first alarm ranges.',
    model: 'All monitors',
  },
  {
    file: 'professional-monitor-quick-start.pdf',
    title: 'Professional monitor quick-start guide',
    text: 'Set-up for the professional line, including sub-accounts for staff.',
    model: 'Professional',
  },
  {
    file: 'nist-monitor-guide.pdf',
    title: 'NIST-certified monitor guide',
    text: 'Calibration certificate, reporting and the power graph for certified units.',
    model: 'NIST',
  },
  {
    file: 'sensor-puck-guide.pdf',
    title: 'Sensor puck guide',
    text: 'Pairing a puck, placement and battery replacement.',
    model: 'Pucks',
  },
];

/** Documentation: the quick-start guides. */
export function DocumentationContent() {
  const brand = useBrand();
  return (
    <InfoPage
      eyebrow="Documentation"
      title="Quick-start guides"
      lead="Everything you need to set up and look after your monitor."
    >
      <Stack gap="md">
        {GUIDES.map((guide) => (
          <Paper key={guide.title} withBorder radius="md" p="md">
            <Group wrap="nowrap" align="flex-start" gap="md">
              <ThemeIcon size={40} radius="md" variant="light">
                <FileIcon size={20} />
              </ThemeIcon>
              <Stack gap={2}>
                <Group gap="xs">
                  <Title order={2} fz="h5">
                    {guide.title}
                  </Title>
                  <Badge size="xs" variant="light" color="gray">
                    {guide.model}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {guide.text}
                </Text>
                <Button
                  component="a"
                  href={`/docs/${guide.file}`}
                  target="_blank"
                  rel="noopener"
                  size="xs"
                  variant="light"
                  w="fit-content"
                  mt={6}
                  aria-label={`Download the ${guide.title} (PDF)`}
                >
                  Download PDF
                </Button>
              </Stack>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Text mt="xl" c="dimmed">
        Prefer a printed copy, or a guide for an older model? Write to{' '}
        <Anchor underline="always" href={`mailto:${brand.email}`}>
          {brand.email}
        </Anchor>{' '}
        or call {brand.phone}.
      </Text>
    </InfoPage>
  );
}
