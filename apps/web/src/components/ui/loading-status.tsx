import type { ReactNode } from 'react';
import { Group, Loader, Text, type GroupProps } from '@mantine/core';

type LoadingStatusProps = Omit<GroupProps, 'role' | 'children'> & {
  /** What is loading, in words: shown beside the spinner and announced. */
  children: ReactNode;
};

/**
 * A spinner with visible words, announced as a status: the words tell what is awaited, which a
 * bare spinner cannot; the spinner itself is hidden from screen readers, as the words say it all.
 * Layout props (`justify`, `py`) place it in its page.
 */
export function LoadingStatus({ children, ...layout }: LoadingStatusProps) {
  return (
    <Group gap="sm" {...layout} role="status">
      <Loader size="sm" aria-hidden />
      <Text>{children}</Text>
    </Group>
  );
}
