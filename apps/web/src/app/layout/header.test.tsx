import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { errorAnswer, loginFailure, mockApi } from '../../test/mock-api';
import { renderApp, setDesktopWidth, signInAs } from '../../test/render-app';

async function mainNavLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return within(nav).getAllByRole('link');
}

describe('header navigation', () => {
  it('shows Home, My Devices, About Us, Contact Us, FAQS and an external Store for tenant 1 (store-and-public-site §2 "Header")', async () => {
    setDesktopWidth();
    mockApi();
    renderApp('/about');
    const links = await mainNavLinks();
    expect(links.map((link) => link.textContent)).toEqual([
      'Home',
      'My Devices',
      'About Us',
      'Contact Us',
      'FAQS',
      'Store (opens in a new tab)',
    ]);
    const store = links[5]!;
    expect(store).toHaveAttribute('href', 'https://shop.marcell.example');
    expect(store).toHaveAttribute('target', '_blank');
  });

  it('shows only My Devices for tenant 5 chosen by the tid cookie (store-and-public-site §2 "Header")', async () => {
    setDesktopWidth();
    Cookies.set('tid', '5');
    mockApi();
    renderApp('/about');
    const links = await mainNavLinks();
    expect(links.map((link) => link.textContent)).toEqual(['My Devices']);
  });

  it('highlights the Store only on the home page (store-and-public-site §2 "Header")', async () => {
    setDesktopWidth();
    Cookies.set('tid', '2');
    mockApi();
    const { router } = renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Store' })).toHaveClass('mantine-Button-root');
    await router.navigate('/faqs');
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Store' })).not.toHaveClass(
        'mantine-Button-root',
      ),
    );
  });

  it('shows the device count as a badge on My Devices (accounts-devices-billing §4)', async () => {
    setDesktopWidth();
    signInAs();
    mockApi([{ path: '/api/users/getDeviceCount', answer: { body: 3 } }]);
    renderApp('/about');
    expect(await screen.findByRole('link', { name: 'My Devices, 3 devices' })).toBeInTheDocument();
  });

  it('hides the badge when getDeviceCount answers 404 (accounts-devices-billing §4)', async () => {
    setDesktopWidth();
    signInAs();
    const api = mockApi([
      { path: '/api/users/getDeviceCount', answer: errorAnswer(404, 'No such call') },
    ]);
    renderApp('/about');
    await waitFor(() => expect(api.find('GET', '/api/users/getDeviceCount')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'My Devices' })).toBeInTheDocument();
  });

  it('offers the inline login when logged out, and Account and Sign out when logged in (store-and-public-site §2 "Header")', async () => {
    setDesktopWidth();
    mockApi();
    renderApp('/about');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByLabelText('Email')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('adds to the header sign-in failure that sign-in is slowed when the server says so, even on the first failure (issue #24)', async () => {
    setDesktopWidth();
    mockApi([
      { method: 'POST', path: '/LoginGateway.php', answer: loginFailure({ isSlowed: true }) },
    ]);
    const { user } = renderApp('/about');
    const banner = await screen.findByRole('banner');
    await user.type(within(banner).getByLabelText('Email'), 'ellen@example.com');
    await user.type(within(banner).getByLabelText('Password'), 'wrong-1');
    await user.click(within(banner).getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText(
        'Invalid username or password. After 3 failed attempts, each sign-in is slowed by up to 2 seconds, and after 8 it is refused, until 15 minutes pass without a failed attempt.',
      ),
    ).toBeInTheDocument();
  });

  it('adds nothing to the header sign-in failure after three 401s the server says are not slowed (issue #24)', async () => {
    setDesktopWidth();
    const api = mockApi([
      { method: 'POST', path: '/LoginGateway.php', answer: loginFailure({ isSlowed: false }) },
    ]);
    const { user } = renderApp('/about');
    const banner = await screen.findByRole('banner');
    await user.type(within(banner).getByLabelText('Email'), 'ellen@example.com');
    for (const attempt of [1, 2, 3]) {
      await user.type(within(banner).getByLabelText('Password'), String(attempt));
      await user.click(within(banner).getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(api.find('POST', '/LoginGateway.php')).toHaveLength(attempt));
      // Each failure replaces the last announcement; the field is flagged once it is shown.
      await waitFor(() =>
        expect(within(banner).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true'),
      );
    }
    expect(await screen.findByText('Invalid username or password.')).toBeInTheDocument();
    expect(screen.queryByText(/slowed/)).not.toBeInTheDocument();
  });

  it('shows Return to the partner admin site to impersonating staff, which signs out to /login once their own session is gone (store-and-public-site §2 "Header")', async () => {
    setDesktopWidth();
    signInAs(undefined, { impersonating: true });
    const api = mockApi([
      { method: 'POST', path: '/api/authorization/logout', answer: { body: { ok: true } } },
    ]);
    const { user, location } = renderApp('/devices');
    await user.click(
      await screen.findByRole('button', { name: 'Return to the partner admin site' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Leave and return' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(api.find('POST', '/api/authorization/logout')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('signs out from a protected page to the home page without a redirect back to it, revoking the token (store-and-public-site §4 "Sign-out")', async () => {
    setDesktopWidth();
    signInAs();
    // Once the token is revoked, every call of the page would answer 401.
    let isRevoked = false;
    const api = mockApi([
      {
        method: 'POST',
        path: '/api/authorization/logout',
        answer: () => {
          isRevoked = true;
          return { body: { ok: true } };
        },
      },
      {
        path: /^\/api\/(?!brands)/,
        answer: () =>
          isRevoked
            ? { status: 401, body: { error: { code: 401, message: 'Your session has ended.' } } }
            : { status: 404, body: { error: { code: 404, message: 'Not in this test.' } } },
      },
    ]);
    const { user, location } = renderApp('/devices');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(location().search).toBe('');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    const [logoutCall] = api.find('POST', '/api/authorization/logout');
    expect(logoutCall?.authorization).toMatch(/^Bearer ./);
    expect(location().search).toBe('');
  });
});
