import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/mock-api';
import { renderApp, signInAs } from '../test/render-app';

// The landings reach the cart (features/cart, web-store) only through this hook.
const PUBLIC_ROUTES: [string, string][] = [
  ['/about', 'About MarCell'],
  ['/faqs', 'Frequently asked questions'],
  ['/guarantee', 'Our satisfaction guarantee'],
  ['/returns', 'Returns and exchanges'],
  ['/privacy-policy', 'Privacy policy'],
  ['/documentation', 'Quick-start guides'],
  ['/support', 'How can we help?'],
  ['/contact', 'Get in touch'],
  ['/videos', 'How-to videos'],
  ['/registeringdevice', 'Registering your device'],
  ['/movingorturningoff', 'Moving or turning off your device'],
  ['/changingnotifications', 'Changing notifications'],
  ['/selectingalocation', 'Selecting a location'],
  ['/addingaspuck', 'Adding a sensor puck'],
  ['/viewstatusremotely', 'Viewing status remotely'],
  ['/instantupdate', 'Requesting an instant update'],
  ['/instant-update', 'Instant updates'],
  ['/store', 'Store'],
  ['/cart', 'Cart and checkout'],
  ['/cart/', 'Cart and checkout'],
  // /promotions without a pid goes home: landing-pages.test.tsx.
  ['/promotion', 'Know the moment something goes wrong, wherever you are'],
  ['/marcell-pro', 'Temperature monitoring for the business that cannot afford a warm freezer'],
  ['/deviceupgrade', 'Device replacement offer'],
  ['/forgotpassword', 'Forgot your password?'],
  ['/register', 'Create your account'],
  ['/login', 'Sign in'],
  ['/error', 'Something went wrong'],
  ['/mailbox', 'Local mailbox'],
  // An alarm message's link (issue #23); without its token it says it cannot be used.
  ['/alarms/5/acknowledge', 'Acknowledge alarm'],
];

const PROTECTED_ROUTES: [string, string][] = [
  ['/account', 'Account settings'],
  ['/devices', 'My Devices'],
  ['/devices/add', 'Add a device'],
  ['/devices/12', 'Device details'],
  ['/devices/12/history', 'Device history'],
  ['/devices/12/alarms', 'Alarm log'],
  ['/devices/12/spuckhistory?spuckid=0A1B2C3D', 'SPuck history'],
  ['/devices/12/marcellpro', 'Sub-accounts'],
  ['/devices/12/nistdevice', 'Sub-accounts'],
  ['/devices/12/peripherals/add', 'Add a sensor puck'],
  ['/devices/12/subscription', 'Change subscription'],
  ['/multi-unit-registration', 'Multi-unit registration'],
  ['/devicelist', 'Device debug list'],
  ['/devicedebugdetails/356938035643809', 'Device debug details'],
];

describe('route table', () => {
  it.each(PUBLIC_ROUTES)(
    'serves the public route %s (store-and-public-site §2)',
    async (path, heading) => {
      mockApi();
      const { location } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(location().pathname).toBe(path);
    },
  );

  it.each(PROTECTED_ROUTES)(
    'serves %s to a signed-in user (accounts-devices-billing §2)',
    async (path, heading) => {
      signInAs();
      mockApi();
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    },
  );

  it.each(PROTECTED_ROUTES)(
    'sends a logged-out visitor of %s to the root with a redirect (accounts-devices-billing §2)',
    async (path) => {
      mockApi();
      const { location } = renderApp(path);
      await waitFor(() => expect(location().pathname).toBe('/'));
      expect(new URLSearchParams(location().search).get('redirect')).toBe(path);
    },
  );

  it('shows Page not found at an unknown address and stays on it, with the way home, to the store and to sign in (issue #24)', async () => {
    mockApi();
    const { location } = renderApp('/no-such-page?x=1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByText('/no-such-page')).toBeInTheDocument();
    expect(document.title).toContain('Page not found');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(within(main).getByRole('link', { name: /^Store/ })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(location().pathname).toBe('/no-such-page');
  });

  it('offers My Devices instead of sign-in on the page-not-found when signed in (issue #24)', async () => {
    signInAs();
    mockApi();
    const { location } = renderApp('/devices/12/nowhere');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: 'My Devices' })).toHaveAttribute(
      'href',
      '/devices',
    );
    expect(within(main).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(location().pathname).toBe('/devices/12/nowhere');
  });
});
