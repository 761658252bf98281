import type { ReactNode } from 'react';
import { Badge, Paper, Stack, Text } from '@mantine/core';

export type StatusTileProps = {
  label: string;
  /** The big value; '—' when there is none. */
  value: ReactNode;
  /** A short state in words, with a colour that only repeats it. */
  state?: { label: string; colour: string } | null;
  footnote?: ReactNode;
};

/**
 * One status widget. Its height is fixed and numbers use tabular figures, so a new reading does
 * not move anything around it.
 */
export function StatusTile({ label, value, state, footnote }: StatusTileProps) {
  return (
    <Paper withBorder radius="md" p="md" mih={132} role="group" aria-label={label}>
      <Stack gap={6} h="100%">
        <Text size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
        <Text fz={30} fw={700} lh={1.1} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Text>
        <div style={{ minHeight: 22 }}>
          {state && (
            <Badge color={state.colour} variant="light">
              {state.label}
            </Badge>
          )}
        </div>
        {footnote && (
          <Text size="xs" c="dimmed">
            {footnote}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
