import type { ReactNode } from 'react';
import { Box, Text } from '@mantine/core';

/**
 * A group of the checkout's fields under its legend, a plain fieldset as the card fields' own:
 * Mantine's Fieldset would add a shared chunk the sign-in download names (bench/web).
 */
export function CheckoutSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Box
      component="fieldset"
      m={0}
      p="md"
      style={{
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <Text component="legend" fw={600} px={4}>
        {legend}
      </Text>
      {children}
    </Box>
  );
}
