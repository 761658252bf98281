import type { ReactNode } from 'react';
import { Badge, Box, Container, Stack, Text, Title } from '@mantine/core';

/** The frame of an information page: a heading band, then readable-width content. */
export function InfoPage({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <Box
        component="section"
        py={{ base: 36, sm: 56 }}
        style={{
          background:
            'linear-gradient(180deg, var(--mantine-color-brand-0), var(--mantine-color-white))',
          borderBottom: '1px solid var(--mantine-color-gray-2)',
        }}
      >
        <Container size="md">
          <Stack gap="sm">
            {eyebrow && (
              <Badge variant="light" radius="sm" w="fit-content">
                {eyebrow}
              </Badge>
            )}
            <Title order={1} fz={{ base: 28, sm: 38 }} style={{ letterSpacing: '-0.02em' }}>
              {title}
            </Title>
            {lead && (
              <Text size="lg" c="dimmed" maw={680}>
                {lead}
              </Text>
            )}
          </Stack>
        </Container>
      </Box>
      <Container size="md" py={{ base: 32, sm: 48 }}>
        {children}
      </Container>
    </>
  );
}

/** A titled block of prose on an information page. */
export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" mb="xl" component="section">
      <Title order={2} fz={{ base: 20, sm: 22 }}>
        {title}
      </Title>
      <Box c="dark.5" style={{ lineHeight: 1.65 }}>
        {children}
      </Box>
    </Stack>
  );
}
