import { useState } from 'react';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { AppRouterProvider } from './router-provider';
import './styles';

/** `prerendered`: what the server rendered this page with (decision 071), so hydrating matches. */
export function App({ prerendered }: { prerendered?: DehydratedState }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (prerendered) hydrate(client, prerendered);
    return client;
  });
  const [router] = useState(() => createAppRouter());
  return (
    <AppProviders queryClient={queryClient}>
      <AppRouterProvider router={router} />
    </AppProviders>
  );
}
