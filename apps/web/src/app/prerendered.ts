import { matchRoutes } from 'react-router';
import type { DehydratedState } from '@tanstack/react-query';
import { isMobileApp } from '../lib/mobile-app';
import { getSession } from '../lib/session';
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
 * Loads the lazy modules of the routes at `pathname` before the router starts, as React Router asks
 * for hydration: a route still lazy would render its fallback in place of the server's markup.
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
