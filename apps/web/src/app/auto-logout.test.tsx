import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '../lib/session';
import { DEMO_USER } from '../test/fixtures';
import { errorAnswer, mockApi } from '../test/mock-api';
import { renderApp, signInAs } from '../test/render-app';

describe('automatic logout', () => {
  it('ends the session and goes to /login when a call made while logged in answers 401 (accounts-devices-billing §4)', async () => {
    signInAs();
    const api = mockApi([
      { path: `/api/users/${DEMO_USER.Id}`, answer: errorAnswer(401, 'Your session has ended.') },
    ]);
    const { location } = renderApp('/account');
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(getSession().loggedIn).toBe(false);
    expect(window.localStorage.getItem('monitor.session')).toBeNull();
    // The call carried the token in the Authorization header (OWASP ASVS 14.2.1).
    expect(api.find('GET', `/api/users/${DEMO_USER.Id}`)[0]!.authorization).toBe('Bearer token-1');
    expect(await screen.findByText('Your session has ended')).toBeInTheDocument();
  });

  it('keeps the session when a call answers another error (accounts-devices-billing §4)', async () => {
    signInAs();
    mockApi([{ path: `/api/users/${DEMO_USER.Id}`, answer: errorAnswer(500, 'boom') }]);
    const { location } = renderApp('/account');
    expect(await screen.findByText(/An error occurred fetching user data/)).toBeInTheDocument();
    expect(location().pathname).toBe('/account');
    expect(getSession().loggedIn).toBe(true);
  });
});
