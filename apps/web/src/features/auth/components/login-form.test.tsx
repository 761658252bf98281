import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOGIN_SLOWED_NOTICE } from '@monitor/domain/accounts/login-throttle';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { getSession } from '../../../lib/session';
import { DEMO_USER, inOneHour } from '../../../test/fixtures';
import { errorAnswer, loginFailure, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const signedInUser = { ...DEMO_USER, AccessToken: 'new-token', AccessTokenExpires: inOneHour() };

async function fillAndSubmit(
  { email, password }: { email: string; password: string },
  user: ReturnType<typeof renderApp>['user'],
) {
  const main = await screen.findByRole('main');
  if (email) await user.type(within(main).getByLabelText('Email'), email);
  if (password) await user.type(within(main).getByLabelText('Password'), password);
  await user.click(within(main).getByRole('button', { name: 'Sign in' }));
  return main;
}

describe('login form', () => {
  it('flags both fields with "Invalid username or password." and calls nothing when one is empty (store-and-public-site §5)', async () => {
    const api = mockApi();
    const { user } = renderApp('/login');
    const main = await fillAndSubmit({ email: 'ellen@example.com', password: '' }, user);
    expect(await within(main).findByText(MESSAGES.invalidLogin)).toBeInTheDocument();
    expect(within(main).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.find('POST', '/LoginGateway.php')).toHaveLength(0);
  });

  it('shows "Invalid username or password." when the server answers 401, and stays logged out (store-and-public-site §8)', async () => {
    mockApi([{ method: 'POST', path: '/LoginGateway.php', answer: errorAnswer(401, 'nope') }]);
    const { user, location } = renderApp('/login');
    const main = await fillAndSubmit(
      { email: 'ellen@example.com', password: 'wrong-password' },
      user,
    );
    expect(await within(main).findByText(MESSAGES.invalidLogin)).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
    expect(getSession().loggedIn).toBe(false);
  });

  it('shows the generic sign-in failure for a server error (store-and-public-site §8)', async () => {
    mockApi([{ method: 'POST', path: '/LoginGateway.php', answer: errorAnswer(500, 'boom') }]);
    const { user } = renderApp('/login');
    const main = await fillAndSubmit({ email: 'ellen@example.com', password: 'a-password' }, user);
    expect(await within(main).findByText(MESSAGES.loginFailed)).toBeInTheDocument();
  });

  it('follows the redirect parameter after signing in, stores the session and announces the login (store-and-public-site §4 "Login")', async () => {
    const api = mockApi([
      { method: 'POST', path: '/LoginGateway.php', answer: { body: signedInUser } },
      { path: `/api/users/${DEMO_USER.Id}`, answer: { body: DEMO_USER } },
    ]);
    const { user, location } = renderApp('/login?redirect=/account');
    await fillAndSubmit({ email: 'ellen@example.com', password: 'right-password' }, user);
    await waitFor(() => expect(location().pathname).toBe('/account'));
    expect(api.find('POST', '/LoginGateway.php')[0]!.body).toEqual({
      username: 'ellen@example.com',
      password: 'right-password',
      source: 'web',
    });
    expect(getSession()).toMatchObject({
      loggedIn: true,
      apiToken: 'new-token',
      impersonating: false,
    });
    expect(getSession().user).not.toHaveProperty('AccessToken');
    expect(await screen.findByText('Welcome back, Ellen.')).toBeInTheDocument();
  });

  it('goes to /devices after signing in without a redirect (accounts-devices-billing §2)', async () => {
    mockApi([{ method: 'POST', path: '/LoginGateway.php', answer: { body: signedInUser } }]);
    const { user, location } = renderApp('/login');
    await fillAndSubmit({ email: 'ellen@example.com', password: 'right-password' }, user);
    await waitFor(() => expect(location().pathname).toBe('/devices'));
  });

  it('ignores a redirect to another site (store-and-public-site §4 "Login")', async () => {
    mockApi([{ method: 'POST', path: '/LoginGateway.php', answer: { body: signedInUser } }]);
    const { user, location } = renderApp('/login?redirect=//evil.example/phish');
    await fillAndSubmit({ email: 'ellen@example.com', password: 'right-password' }, user);
    await waitFor(() => expect(location().pathname).toBe('/devices'));
  });

  it('signs in from the home page reached with a redirect, and follows it (accounts-devices-billing §2)', async () => {
    mockApi([
      { method: 'POST', path: '/LoginGateway.php', answer: { body: signedInUser } },
      { path: `/api/users/${DEMO_USER.Id}`, answer: { body: DEMO_USER } },
    ]);
    const { user, location } = renderApp('/?redirect=/account');
    await fillAndSubmit({ email: 'ellen@example.com', password: 'right-password' }, user);
    await waitFor(() => expect(location().pathname).toBe('/account'));
  });

  it('says sign-in is slowed, and for how long, as soon as the server says so, even on the first failure here (issue #24)', async () => {
    // Earlier failures came from another tab or device: only the server knows them.
    mockApi([
      { method: 'POST', path: '/LoginGateway.php', answer: loginFailure({ isSlowed: true }) },
    ]);
    const { user } = renderApp('/login');
    const main = await fillAndSubmit({ email: 'ellen@example.com', password: 'wrong-1' }, user);
    expect(await within(main).findByRole('status')).toHaveTextContent(
      'After 3 failed attempts, each sign-in is slowed by up to 2 seconds, and after 8 it is refused, until 15 minutes pass without a failed attempt.',
    );
    expect(within(main).getByText(MESSAGES.invalidLogin)).toBeInTheDocument();
  });

  it('does not count failures itself: no notice after three 401s the server says are not slowed (issue #24)', async () => {
    const api = mockApi([
      { method: 'POST', path: '/LoginGateway.php', answer: loginFailure({ isSlowed: false }) },
    ]);
    const { user } = renderApp('/login');
    const main = await fillAndSubmit({ email: 'ellen@example.com', password: 'wrong-1' }, user);
    for (const attempt of [2, 3]) {
      await waitFor(() => expect(api.find('POST', '/LoginGateway.php')).toHaveLength(attempt - 1));
      expect(await within(main).findByText(MESSAGES.invalidLogin)).toBeInTheDocument();
      await user.type(within(main).getByLabelText('Password'), String(attempt));
      await user.click(within(main).getByRole('button', { name: 'Sign in' }));
    }
    await waitFor(() => expect(api.find('POST', '/LoginGateway.php')).toHaveLength(3));
    // The submit cleared the last message; this one is the third answer's, shown with any notice.
    expect(await within(main).findByText(MESSAGES.invalidLogin)).toBeInTheDocument();
    expect(within(main).queryByText(LOGIN_SLOWED_NOTICE)).not.toBeInTheDocument();
  });

  it('says sign-in is slowed when the server refuses it with 429 (issue #24)', async () => {
    mockApi([
      {
        method: 'POST',
        path: '/LoginGateway.php',
        answer: errorAnswer(429, MESSAGES.tooManyLoginAttempts),
      },
    ]);
    const { user } = renderApp('/login');
    const main = await fillAndSubmit({ email: 'ellen@example.com', password: 'right' }, user);
    expect(await within(main).findByText(MESSAGES.tooManyLoginAttempts)).toBeInTheDocument();
    expect(within(main).getByRole('status')).toHaveTextContent(LOGIN_SLOWED_NOTICE);
  });
});
