import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_USER } from '../test/fixtures';
import {
  endImpersonation,
  getOwnStaffSession,
  getSession,
  loadStoredSession,
  startSession,
} from './session';

const DAY = 24 * 60 * 60 * 1000;

describe('session store', () => {
  afterEach(() => vi.useRealTimers());

  it('ends the session when the token expires, even a 29-day app session (accounts-devices-billing §9)', () => {
    vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') });
    startSession({ user: DEMO_USER, apiToken: 'app', expiresAt: '2025-01-30T00:00:00Z' });
    vi.advanceTimersByTime(25 * DAY);
    expect(getSession().loggedIn).toBe(true);
    vi.advanceTimersByTime(4 * DAY);
    expect(getSession().loggedIn).toBe(false);
  });

  it('does not restore an expired stored session on load (accounts-devices-billing §9)', () => {
    vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') });
    startSession({ user: DEMO_USER, apiToken: 'web', expiresAt: '2025-01-01T08:00:00Z' });
    vi.setSystemTime(new Date('2025-01-01T09:00:00Z'));
    loadStoredSession();
    expect(getSession().loggedIn).toBe(false);
  });

  it('restores a stored session that is still valid, without the token on the user', () => {
    startSession({
      user: { ...DEMO_USER, AccessToken: 'secret' },
      apiToken: 'secret',
      expiresAt: new Date(Date.now() + DAY).toISOString(),
    });
    loadStoredSession();
    expect(getSession()).toMatchObject({ loggedIn: true, apiToken: 'secret' });
    expect(getSession().user).not.toHaveProperty('AccessToken');
  });

  it('gives the staff session back when an impersonation ends, kept across a reload (decision 023)', () => {
    const staff = { ...DEMO_USER, Id: 1, Roles: [{ Name: 'STAFF' }] };
    startSession({ user: staff, apiToken: 'staff', expiresAt: '2999-01-01T00:00:00Z' });
    startSession({
      user: DEMO_USER,
      apiToken: 'customer',
      impersonating: true,
      expiresAt: '2999-01-01T00:00:00Z',
      staffSession: getOwnStaffSession(),
    });
    // Impersonating again from inside keeps the staff member's own session, not the customer's.
    expect(getOwnStaffSession()?.apiToken).toBe('staff');
    loadStoredSession();
    expect(endImpersonation()).toBe(true);
    expect(getSession()).toMatchObject({
      loggedIn: true,
      impersonating: false,
      apiToken: 'staff',
      staffSession: null,
    });
    expect(getSession().user?.Id).toBe(1);
  });

  it('signs everyone out when the kept staff session has expired by the end of an impersonation (decision 023)', () => {
    vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') });
    startSession({
      user: DEMO_USER,
      apiToken: 'customer',
      impersonating: true,
      expiresAt: '2025-01-01T01:00:00Z',
      staffSession: { apiToken: 'staff', user: DEMO_USER, expiresAt: '2025-01-01T00:30:00Z' },
    });
    vi.setSystemTime(new Date('2025-01-01T00:45:00Z'));
    expect(endImpersonation()).toBe(false);
    expect(getSession().loggedIn).toBe(false);
  });
});
