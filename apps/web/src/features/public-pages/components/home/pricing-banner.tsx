import type { ReactNode } from 'react';
import { Box, Container, Group, Stack, Text, Title } from '@mantine/core';

/** The advertised subscription price (store-and-public-site §9). */
export function PricingBanner({ action }: { action: ReactNode }) {
  return (
    <Box component="section" aria-labelledby="pricing-title" py={{ base: 40, sm: 56 }}>
      <Container size="lg">
        <Box
          p={{ base: 'xl', sm: 48 }}
          style={{
            borderRadius: 'var(--mantine-radius-xl)',
            background:
              'linear-gradient(135deg, var(--mantine-color-brand-8), var(--mantine-color-brand-6))',
            color: 'white',
          }}
        >
          <Group justify="space-between" align="center" gap="xl">
            <Stack gap={8} maw={620}>
              <Text
                tt="uppercase"
                fw={700}
                size="sm"
                c="blue.1"
                style={{ letterSpacing: '0.08em' }}
              >
                Monitoring plans
              </Text>
              <Title order={2} id="pricing-title" fz={{ base: 26, sm: 34 }} c="white">
                From as low as $8.25 per month, no long contracts.
              </Title>
              <Text c="blue.0">
                Monthly, seasonal and annual plans. Pause for the off-season or cancel whenever you
                like.
              </Text>
            </Stack>
            {action}
          </Group>
        </Box>
      </Container>
    </Box>
  );
}
