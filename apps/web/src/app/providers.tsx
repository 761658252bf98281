import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ErrorModalProvider } from '../components/ui/error-modal';
import { BrandGate } from './brand-gate';
import { cssVariablesResolver, theme } from './theme';
import { useSessionEffects } from './use-session-effects';

/** Theme, server state, notifications, the 'Error!' alert and the brand, around the whole app. */
export function AppProviders({
  queryClient,
  env = 'default',
  children,
}: {
  queryClient: QueryClient;
  /** 'test' turns off transitions and portals for component tests. */
  env?: 'default' | 'test';
  children: ReactNode;
}) {
  useSessionEffects(queryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <QueryClientProvider client={queryClient}>
        <Notifications position="bottom-right" limit={3} zIndex={500} />
        <ErrorModalProvider>
          <BrandGate>{children}</BrandGate>
        </ErrorModalProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
