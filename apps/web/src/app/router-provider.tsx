import { flushSync } from 'react-dom';
import { RouterProvider } from 'react-router';
import type { AppRouter } from './router';

// react-router's DOM entry would pass flushSync itself, but it loads a second copy of the router
// under the test runner; passing it here keeps `navigate(…, { flushSync: true })` working everywhere.
const flush = (update: () => unknown) => {
  flushSync(update);
  return undefined;
};

export function AppRouterProvider({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} flushSync={flush} />;
}
