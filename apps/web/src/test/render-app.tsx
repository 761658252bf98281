import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import type { User } from '@monitor/contract/users';
import { AppProviders } from '../app/providers';
import { createAppRouter } from '../app/router';
import { AppRouterProvider } from '../app/router-provider';
import { startSession } from '../lib/session';
import { DEMO_USER, inOneHour } from './fixtures';
import { stubMatchMedia } from './media';

/** Signs a user in as a stored session would. */
export function signInAs(user: User = DEMO_USER, { impersonating = false } = {}) {
  startSession({ user, apiToken: 'token-1', impersonating, expiresAt: inOneHour() });
}

/** Makes Mantine's media queries match a desktop-wide screen. */
export function setDesktopWidth() {
  stubMatchMedia((query) => /min-width/.test(query));
}

/** Renders the whole app, route table and providers included, at `path`. */
export function renderApp(path = '/') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createAppRouter((routes) =>
    createMemoryRouter(routes, { initialEntries: [path] }),
  );
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <AppRouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user, location: () => router.state.location };
}

/** Renders one component inside the app's providers (theme, queries, brand), without the router. */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      {ui}
    </AppProviders>,
  );
  return { ...view, queryClient, user };
}
