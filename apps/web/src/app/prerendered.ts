import { matchRoutes } from 'react-router';
import type { DehydratedState } from '@tanstack/react-query';
import { isMobileApp } from '../lib/mobile-app';
import { getSession } from '../lib/session';
import { loadLayoutParts } from './layout/root-layout';
import { routes } from './routes';

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
 * Loads the code of the page at `pathname` before the router starts: the lazy modules of its
 * routes, as React Router asks for hydration (a route still lazy would render its fallback in place
 * of the server's markup), and the layout's parts that load apart.
 */
export async function loadPageCode(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all([
    loadLayoutParts(),
    ...matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
      // A page that loads apart behind its route's module (routes/load-page-apart.tsx).
      const page = loaded.Component as { preload?: () => Promise<unknown> } | null | undefined;
      await page?.preload?.();
    }),
  ]);
}
