import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { getSession } from '../../lib/session';
import { mockApi } from '../../test/mock-api';
import { renderApp, signInAs } from '../../test/render-app';

function installNativeBridge() {
  const postMessage = vi.fn();
  window.ReactNativeWebView = { postMessage };
  return postMessage;
}

const messages = (postMessage: ReturnType<typeof vi.fn>) =>
  postMessage.mock.calls.map(([data]) => JSON.parse(data as string) as unknown);

describe('mobile-app mode', () => {
  it('blocks navigating to /login and posts a url-change message to the app (accounts-devices-billing §2)', async () => {
    Cookies.set('source', 'mobileapp');
    const postMessage = installNativeBridge();
    mockApi();
    const { router, location } = renderApp('/about');
    await screen.findByRole('heading', { level: 1 });
    // The guard's blocker is registered in the layout's effect: wait until the page is idle, so a
    // loaded machine cannot navigate before it is in place.
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    await screen.findByRole('banner');
    await router.navigate('/login?redirect=/account');
    await waitFor(() =>
      expect(messages(postMessage)).toContainEqual({
        type: 'urlChange',
        url: '/login?redirect=/account',
      }),
    );
    expect(location().pathname).toBe('/about');
  });

  it('lets a browser visitor navigate to /login as usual (accounts-devices-billing §2)', async () => {
    Cookies.set('source', 'browser');
    const postMessage = installNativeBridge();
    mockApi();
    const { router, location } = renderApp('/about');
    await screen.findByRole('heading', { level: 1 });
    await router.navigate('/register');
    await waitFor(() => expect(location().pathname).toBe('/register'));
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('opened directly at /register, tells the app instead of showing the form (accounts-devices-billing §2)', async () => {
    Cookies.set('source', 'mobileapp');
    const postMessage = installNativeBridge();
    mockApi();
    renderApp('/register');
    expect(await screen.findByRole('heading', { name: 'Continue in the app' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    expect(messages(postMessage)).toEqual([{ type: 'urlChange', url: '/register' }]);
  });

  it('signs out by posting a logout action to the app instead of calling the server (store-and-public-site §4)', async () => {
    Cookies.set('source', 'mobileapp');
    const postMessage = installNativeBridge();
    signInAs();
    const api = mockApi([{ path: '/api/users/7/devices', answer: { body: [] } }]);
    const { user } = renderApp('/devices');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(messages(postMessage)).toContainEqual({ type: 'logout' });
    expect(api.find('POST', '/api/authorization/logout')).toHaveLength(0);
    expect(getSession().loggedIn).toBe(false);
  });

  it('sends source mobileapp with logins made in the app (accounts-devices-billing §9)', async () => {
    Cookies.set('source', 'mobileapp');
    installNativeBridge();
    const api = mockApi();
    const { user } = renderApp('/?redirect=/account');
    await user.type(await screen.findByLabelText('Email'), 'ellen@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(api.find('POST', '/LoginGateway.php')).toHaveLength(1));
    expect(api.find('POST', '/LoginGateway.php')[0]!.body).toMatchObject({ source: 'mobileapp' });
  });
});
