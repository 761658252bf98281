import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryKey,
  type QueryClient,
} from '@tanstack/react-query';
import { getSession, subscribeSession } from '../../lib/session';
import { isReadingsQuery } from './readings-queries';

/**
 * The last readings the pages received, kept on this device for offline use (issue #27, decision
 * 084): the device list and each device's detail, as the query cache held them, for the signed-in
 * user only, and the brands, so the page is in its brand. React Query's own dehydrate and hydrate do the work (its persister packages pin
 * another copy of its core); hydrate never replaces data newer than what it restores.
 */

const KEY = 'monitor.offline-readings';
/** Older readings than a week are not worth showing as the last ones. */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;
/** A burst of live readings is written once. */
const SAVE_AFTER_MS = 1000;

type Stored = { userId: number; savedAt: number; state: DehydratedState };

/** The readings, and the brands (public), so an offline page is in its brand. */
const isKept = (queryKey: QueryKey) => isReadingsQuery(queryKey) || queryKey[0] === 'brands';

function read(): Stored | null {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? 'null') as Stored | null;
  } catch {
    return null;
  }
}

function forget(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

/**
 * Restores the signed-in user's kept readings when the app starts offline, then keeps them as they
 * change; answers a stop. Online the server's answer is the only one shown: a kept list restored
 * then would pass for fresh and hide changes made since it was kept.
 */
export function keepReadingsOffline(queryClient: QueryClient): () => void {
  const userId = getSession().user?.Id;
  const stored = read();
  if (!stored || stored.userId !== userId || Date.now() - stored.savedAt > MAX_AGE_MS) forget();
  else if (!navigator.onLine) {
    hydrate(queryClient, stored.state);
    // Asked again as soon as the network is back, however recent they are.
    void queryClient.invalidateQueries({ predicate: (query) => isKept(query.queryKey) });
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const user = getSession().user;
    if (!user) return;
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && isKept(query.queryKey),
    });
    try {
      localStorage.setItem(KEY, JSON.stringify({ userId: user.Id, savedAt: Date.now(), state }));
    } catch {
      // Full or blocked: the page simply has nothing to show offline.
    }
  };
  const stopCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && isKept((event.query as Query).queryKey) && timer === undefined)
      timer = setTimeout(save, SAVE_AFTER_MS);
  });
  // Signing out, or in as someone else, leaves nothing of the previous user's on the device.
  const stopSession = subscribeSession(() => {
    if (getSession().user?.Id === userId) return;
    clearTimeout(timer);
    forget();
  });
  return () => {
    clearTimeout(timer);
    stopCache();
    stopSession();
  };
}
