import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ErrorModalProvider } from '../components/ui/error-modal';
import { BrandGate } from './brand-gate';
import { cssVariablesResolver, theme } from './theme';
import { useSessionEffects } from './use-session-effects';

// The toasts' container (transitions, swipe to dismiss) is not needed to show the sign-in page
// (bench/web): it loads alongside the first render. Toasts raised before it mounts wait in
// Mantine's store and appear when it does.
const Toasts = lazy(() => import('./toasts').then((module) => ({ default: module.Toasts })));

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
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        <ErrorModalProvider>
          <BrandGate>{children}</BrandGate>
        </ErrorModalProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
