import { Box, Container, Stack, Text, Title } from '@mantine/core';
import { useBrand } from '../../../../lib/brand-context';
import { Walkthrough } from '../info/walkthrough';
import type { SupportVideo } from '../info/support-videos';

/** The home page's promo video (store-and-public-site §1): the product's story in five scenes. */
function promoScript(brandName: string): SupportVideo {
  return {
    key: 'promo',
    title: `The ${brandName} monitor in one minute`,
    summary: 'What it watches, how it tells you, and what it costs.',
    steps: [
      'A pipe freezes at the cabin while you are 300 miles away. Nobody knows until spring.',
      `Unless a ${brandName} monitor is plugged in there: it watches temperature, humidity and power over its own cellular link.`,
      'The moment the furnace stops, you, a neighbour and the caretaker get a text, an e-mail or a phone call.',
      'Check the readings and their history from your phone, and ask for an instant update whenever you like.',
      'Monitoring plans from as low as $8.25 per month, with no long contracts.',
    ],
  };
}

export function PromoVideo() {
  const brand = useBrand();
  const script = promoScript(brand.name);
  return (
    <Box component="section" aria-labelledby="promo-video-title" py={{ base: 40, sm: 64 }}>
      <Container size="md">
        <Stack gap="md">
          <Stack gap={4} align="center" ta="center">
            <Title order={2} id="promo-video-title" fz={{ base: 26, sm: 32 }}>
              {script.title}
            </Title>
            <Text c="dimmed">{script.summary}</Text>
          </Stack>
          <Walkthrough video={script} />
        </Stack>
      </Container>
    </Box>
  );
}
