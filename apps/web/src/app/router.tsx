import { createBrowserRouter, type RouteObject } from 'react-router';
import { notifications } from '@mantine/notifications';
import { setUnauthorizedHandler } from '../lib/api-client';
import { endSession } from '../lib/session';
import { routes } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Builds the router and wires the automatic logout: any 401 on a call made while logged in ends
 * the session and goes to /login, or to the path the call asked for (accounts-devices-billing §4).
 */
export function createAppRouter(
  create: (routes: RouteObject[]) => AppRouter = (table) => createBrowserRouter(table),
): AppRouter {
  const router = create(routes);
  let isEnding = false;
  setUnauthorizedHandler((logoutTo) => {
    if (isEnding) return;
    isEnding = true;
    // Leave the protected page before the session ends, so its guard does not redirect first.
    void router.navigate(logoutTo ?? '/login', { replace: true, flushSync: true }).finally(() => {
      endSession();
      isEnding = false;
      notifications.show({
        id: 'session-ended',
        color: 'orange',
        title: 'Your session has ended',
        message: 'Please sign in again.',
      });
    });
  });
  return router;
}
