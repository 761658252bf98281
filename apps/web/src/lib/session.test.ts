import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_USER } from '../test/fixtures';
import { getSession, loadStoredSession, startSession } from './session';

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
});
