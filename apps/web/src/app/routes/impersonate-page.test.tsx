import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession, startSession } from '../../lib/session';
import { DEMO_USER, inOneHour } from '../../test/fixtures';
import { errorAnswer, mockApi } from '../../test/mock-api';
import { renderApp, signInAs } from '../../test/render-app';

const STAFF = { ...DEMO_USER, Id: 1, FirstName: 'Sam', Roles: [{ Name: 'STAFF' }] };

describe('/impersonate', () => {
  it('signs staff in as the chosen user for the token the server gives, then opens /devices (store-and-public-site §2)', async () => {
    signInAs(STAFF);
    const target = {
      ...DEMO_USER,
      Id: 55,
      AccessToken: 'target-token',
      AccessTokenExpires: inOneHour(),
    };
    const api = mockApi([{ path: '/api/authorization/impersonate/55', answer: { body: target } }]);
    const { location } = renderApp('/impersonate?userId=55');
    await waitFor(() => expect(location().pathname).toBe('/devices'));
    expect(api.find('GET', '/api/authorization/impersonate/55')[0]!.authorization).toBe(
      'Bearer token-1',
    );
    expect(getSession()).toMatchObject({
      loggedIn: true,
      impersonating: true,
      apiToken: 'target-token',
    });
    expect(getSession().user?.Id).toBe(55);
  });

  it('from inside an impersonation, asks with the staff member’s own token and revokes the one it leaves (issue #22)', async () => {
    startSession({
      user: { ...DEMO_USER, Id: 44 },
      apiToken: 'customer-44-token',
      impersonating: true,
      expiresAt: inOneHour(),
      staffSession: { user: STAFF, apiToken: 'staff-token', expiresAt: inOneHour() },
    });
    const target = { ...DEMO_USER, Id: 55, AccessToken: 'target-token' };
    const api = mockApi([
      { path: '/api/authorization/impersonate/55', answer: { body: target } },
      { method: 'POST', path: '/api/authorization/logout', answer: { body: { ok: true } } },
    ]);
    const { location } = renderApp('/impersonate?userId=55');
    await waitFor(() => expect(location().pathname).toBe('/devices'));
    expect(api.find('GET', '/api/authorization/impersonate/55')[0]!.authorization).toBe(
      'Bearer staff-token',
    );
    await waitFor(() =>
      expect(api.find('POST', '/api/authorization/logout')[0]?.authorization).toBe(
        'Bearer customer-44-token',
      ),
    );
    expect(getSession()).toMatchObject({ apiToken: 'target-token', impersonating: true });
    expect(getSession().staffSession?.apiToken).toBe('staff-token');
  });

  it('goes to /login when nobody is signed in (store-and-public-site §2)', async () => {
    const api = mockApi();
    const { location } = renderApp('/impersonate?userId=55');
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(api.apiCalls()).toHaveLength(0);
  });

  it('goes to /login when the server refuses (store-and-public-site §2)', async () => {
    signInAs(DEMO_USER);
    mockApi([
      { path: '/api/authorization/impersonate/55', answer: errorAnswer(403, 'Staff only.') },
    ]);
    const { location } = renderApp('/impersonate?userId=55');
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(getSession().impersonating).toBe(false);
  });
});
