import { Accordion, Stack, Text, Title } from '@mantine/core';
import { useBrand } from '../../../lib/brand-context';
import { landingFaqItems } from '../lib/landing-faq';

/** The landing page's 13 expandable questions (store-and-public-site §2 "Landing pages"), all closed. */
export function LandingFaq() {
  const brand = useBrand();
  const items = landingFaqItems(brand);
  return (
    <Stack gap="md" component="section" aria-labelledby="landing-faq-title">
      <Title order={2} id="landing-faq-title" ta="center" fz={{ base: 24, sm: 30 }}>
        Frequently asked questions
      </Title>
      {/* Values become element ids the ARIA attributes point at, so no spaces or '?' in them. */}
      <Accordion variant="separated" radius="md">
        {items.map((item, index) => (
          <Accordion.Item key={item.question} value={`landing-faq-${index}`}>
            <Accordion.Control>
              <Text fw={600}>{item.question}</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Text c="dark.5">{item.answer}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
