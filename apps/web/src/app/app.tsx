import { useEffect, useState } from 'react';
import { hydrate, onlineManager, type DehydratedState } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import type { AppRouter } from './router';
import { AppRouterProvider } from './router-provider';
import './styles';

/**
 * The server looks the data up for every page it sends and keeps a page only as long as its data
 * is the same (decision 071), so the data is as fresh as the page: counted from now, it is not
 * fetched again at once, which would draw the whole page again while it is being taken over.
 */
function asOfNow(state: DehydratedState): DehydratedState {
  const now = Date.now();
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: { ...query.state, dataUpdatedAt: now },
    })),
  };
}

/**
 * `router`: made by main.tsx, which waits for a page the server rendered to have its code before
 * hydrating it; `prerendered`: the data the server rendered it with (decision 071), so hydrating
 * matches.
 */
export function App({ router, prerendered }: { router: AppRouter; prerendered?: DehydratedState }) {
  const [queryClient] = useState(() => {
    // React Query counts itself online until an `offline` event; an app opened offline (issue #27)
    // waits for the network instead of failing each query and saying so.
    onlineManager.setOnline(navigator.onLine);
    const client = createQueryClient();
    if (prerendered) hydrate(client, asOfNow(prerendered));
    return client;
  });
  // The last readings, kept for offline use: loaded after the first page, never in its download.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let isGone = false;
    void import('./pwa/offline-readings').then((offline) => {
      if (!isGone) stop = offline.keepReadingsOffline(queryClient);
    });
    return () => {
      isGone = true;
      stop?.();
    };
  }, [queryClient]);
  return (
    <AppProviders queryClient={queryClient}>
      <AppRouterProvider router={router} />
    </AppProviders>
  );
}
