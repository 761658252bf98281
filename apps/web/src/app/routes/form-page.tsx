import type { ReactNode } from 'react';
import { Box, Container, Paper, Stack, Text, Title } from '@mantine/core';

/** A centred card on a soft background: the frame of sign-in, registration and password pages. */
export function FormPage({
  title,
  subtitle,
  width = 440,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  width?: number;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Box
      py={{ base: 24, sm: 56 }}
      style={{
        background:
          'linear-gradient(180deg, var(--mantine-color-brand-0), var(--mantine-color-white) 60%)',
      }}
    >
      <Container size={width} px={{ base: 'sm', xs: 'md' }}>
        <Stack gap={6} mb="lg" ta="center">
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {title}
          </Title>
          {subtitle && <Text c="dimmed">{subtitle}</Text>}
        </Stack>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
          {children}
        </Paper>
        {footer && (
          <Box mt="lg" ta="center">
            {footer}
          </Box>
        )}
      </Container>
    </Box>
  );
}
