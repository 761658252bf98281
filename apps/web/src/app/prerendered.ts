import type { DehydratedState } from '@tanstack/react-query';
import { isMobileApp } from '../lib/mobile-app';
import { getSession } from '../lib/session';
import { loadLayoutParts } from './layout/root-layout';
import type { AppRouter } from './router';

/** The id of the script the server writes the rendered page's data into (decision 071). */
export const PRERENDERED_STATE_ID = 'prerendered-state';

/**
 * The data a page the server rendered was rendered with, when this browser can take the page over
 * as it is: the server renders signed out, in the browser's layout, outside the native app.
 * Otherwise (or on any other page) null, and the app renders afresh.
 */
export function readPrerenderedState(): DehydratedState | null {
  const script = document.getElementById(PRERENDERED_STATE_ID);
  if (!script?.textContent) return null;
  script.remove();
  if (getSession().loggedIn || isMobileApp()) return null;
  try {
    return JSON.parse(script.textContent) as DehydratedState;
  } catch {
    return null;
  }
}

/**
 * Resolves once the code of the page the router starts on is here: the lazy modules of its
 * routes, which the router loads itself as it starts (a route still lazy would render its
 * fallback in place of the server's markup), a page that loads apart behind its route's module,
 * and the layout's parts that load apart. The router's own matches are used: matching the route
 * table again here compiled every route's pattern once more, 10–20 ms on a slow phone (issue #25).
 */
export async function loadPageCode(router: AppRouter): Promise<void> {
  await Promise.all([loadLayoutParts(), started(router)]);
  await Promise.all(
    router.state.matches.flatMap(({ route }) => {
      // A page that loads apart behind its route's module (routes/load-page-apart.tsx).
      const page = route.Component as { preload?: () => Promise<unknown> } | null | undefined;
      return page?.preload ? [page.preload()] : [];
    }),
  );
}

/** Once the router has loaded its first routes' modules (createBrowserRouter starts it). */
function started(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
