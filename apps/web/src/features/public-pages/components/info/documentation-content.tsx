import { Anchor, Badge, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useBrand } from '../../../../lib/brand-context';
import { FileIcon } from '../../../../components/ui/icons';
import { InfoPage } from './info-page';

const GUIDES = [
  {
    title: 'Monitor quick-start guide',
    text: 'Unbox, plug in, register and set your first alarm ranges.',
    model: 'All monitors',
  },
  {
    title: 'Professional monitor quick-start guide',
    text: 'Set-up for the professional line, including sub-accounts for staff.',
    model: 'Professional',
  },
  {
    title: 'NIST-certified monitor guide',
    text: 'Calibration certificate, reporting and the power graph for certified units.',
    model: 'NIST',
  },
  {
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
              </Stack>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Text mt="xl" c="dimmed">
        PDF copies are sent on request: write to{' '}
        <Anchor underline="always" href={`mailto:${brand.email}`}>
          {brand.email}
        </Anchor>{' '}
        or call {brand.phone}.
      </Text>
    </InfoPage>
  );
}
