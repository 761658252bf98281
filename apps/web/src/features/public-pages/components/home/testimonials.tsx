import { useState } from 'react';
import {
  ActionIcon,
  Box,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { ChevronLeftIcon } from '../../../../components/ui/icons/chevron-left-icon';
import { ChevronRightIcon } from '../../../../components/ui/icons/chevron-right-icon';
import { QuoteIcon } from '../../../../components/ui/icons/quote-icon';
import { StarIcon } from '../../../../components/ui/icons/star-icon';
import { TESTIMONIAL_INTERVAL_MS, useRotation } from '../../hooks/use-rotation';

export const TESTIMONIALS = [
  {
    quote:
      'The furnace quit at our cabin in January. We got a text that evening and had it fixed before a single pipe froze.',
    name: 'Linda M.',
    role: 'Cabin owner, Vermont',
  },
  {
    quote:
      'We leave the dogs in the RV for an hour at a time. If the air conditioning stops, my phone rings. That is worth every penny.',
    name: 'Carlos R.',
    role: 'RV traveller with two dogs',
  },
  {
    quote:
      'Our greenhouse lost power during a storm. The battery backup kept reporting and the alert gave us time to start the generator.',
    name: 'Priya S.',
    role: 'Greenhouse grower',
  },
  {
    quote:
      'The server closet has no network when the power is out, and that is exactly when I need to know. The cellular link just works.',
    name: 'Tom K.',
    role: 'IT manager, small office',
  },
];

/** Customer testimonials that advance every 12 seconds and loop; hovering or focusing pauses them. */
export function Testimonials() {
  const [isHovered, setIsHovered] = useState(false);
  const [hasFocus, setHasFocus] = useState(false);
  const { index, goTo } = useRotation(TESTIMONIALS.length, {
    intervalMs: TESTIMONIAL_INTERVAL_MS,
    isPaused: isHovered || hasFocus,
  });
  const current = TESTIMONIALS[index]!;

  return (
    <Box
      component="section"
      aria-labelledby="testimonials-title"
      py={{ base: 48, sm: 72 }}
      bg="gray.0"
    >
      <Container size="md">
        <Stack gap={6} align="center" ta="center" mb={{ base: 24, sm: 40 }}>
          <Text tt="uppercase" fw={700} c="brand.7" size="sm" style={{ letterSpacing: '0.08em' }}>
            Customers
          </Text>
          <Title order={2} fz={{ base: 26, sm: 34 }} id="testimonials-title">
            What owners tell us
          </Title>
        </Stack>
        <Paper
          withBorder
          radius="xl"
          p={{ base: 'lg', sm: 40 }}
          role="region"
          aria-roledescription="carousel"
          aria-label="Testimonials"
          onMouseEnter={() => setIsHovered(true)}
          onMouseLeave={() => setIsHovered(false)}
          onFocus={() => setHasFocus(true)}
          onBlur={() => setHasFocus(false)}
        >
          <Stack gap="lg" align="center" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
              <QuoteIcon size={24} />
            </ThemeIcon>
            <Box
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${TESTIMONIALS.length}`}
              mih={{ base: 190, xs: 150, sm: 130 }}
            >
              <Group
                gap={2}
                justify="center"
                c="yellow.6"
                mb="sm"
                role="img"
                aria-label="5 out of 5 stars"
              >
                {[0, 1, 2, 3, 4].map((star) => (
                  <StarIcon key={star} size={18} fill="currentColor" />
                ))}
              </Group>
              <Text fz={{ base: 'lg', sm: 'xl' }} fw={500} lh={1.5} data-testid="testimonial-quote">
                “{current.quote}”
              </Text>
              <Text fw={700} mt="md">
                {current.name}
              </Text>
              <Text size="sm" c="dimmed">
                {current.role}
              </Text>
            </Box>
            <Group gap="md">
              <ActionIcon
                variant="default"
                radius="xl"
                size="lg"
                aria-label="Previous testimonial"
                onClick={() => goTo(index - 1)}
              >
                <ChevronLeftIcon size={18} />
              </ActionIcon>
              {/* Each dot is a 24 px tap target (WCAG 2.5.8, Lighthouse's target-size) around the
                  small pill it shows; the current one's pill is wider. */}
              <Group gap={0}>
                {TESTIMONIALS.map((testimonial, dot) => (
                  <UnstyledButton
                    key={testimonial.name}
                    aria-label={`Show testimonial ${dot + 1} of ${TESTIMONIALS.length}`}
                    aria-current={dot === index ? 'true' : undefined}
                    onClick={() => goTo(dot)}
                    miw={24}
                    h={24}
                    px={dot === index ? 4 : 0}
                    display="flex"
                    style={{ alignItems: 'center', justifyContent: 'center', borderRadius: 999 }}
                  >
                    <Box
                      component="span"
                      w={dot === index ? 24 : 10}
                      h={10}
                      style={{
                        borderRadius: 999,
                        transition: 'width 200ms ease',
                        background:
                          dot === index
                            ? 'var(--mantine-color-brand-6)'
                            : 'var(--mantine-color-gray-4)',
                      }}
                    />
                  </UnstyledButton>
                ))}
              </Group>
              <ActionIcon
                variant="default"
                radius="xl"
                size="lg"
                aria-label="Next testimonial"
                onClick={() => goTo(index + 1)}
              >
                <ChevronRightIcon size={18} />
              </ActionIcon>
            </Group>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
