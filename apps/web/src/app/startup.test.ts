import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { getSession } from '../lib/session';
import { DEMO_USER } from '../test/fixtures';
import { applyStartupParams } from './startup';

const encoded = (value: unknown) => btoa(JSON.stringify(value));
const at = (search: string, pathname = '/') => ({ pathname, search, hash: '' });

describe('startup query parameters', () => {
  it('signs in from a base64 session, follows the redirect and drops session and tid (accounts-devices-billing §2)', () => {
    const session = encoded({ apiToken: 'app-token', user: DEMO_USER });
    const next = applyStartupParams(at(`?session=${session}&redirect=/account&tid=2`));
    expect(next).toBe('/account');
    expect(getSession()).toMatchObject({
      loggedIn: true,
      apiToken: 'app-token',
      impersonating: false,
    });
    expect(getSession().user?.Id).toBe(DEMO_USER.Id);
    expect(Cookies.get('tid')).toBe('2');
  });

  it('accepts a URI-encoded JSON session and keeps the other parameters (accounts-devices-billing §2)', () => {
    const session = encodeURIComponent(
      JSON.stringify({ apiToken: 'uri-token', user: DEMO_USER, impersonating: true }),
    );
    const next = applyStartupParams(at(`?tid=3&session=${session}&view=history`, '/devices/4'));
    expect(next).toBe('/devices/4?view=history');
    expect(getSession()).toMatchObject({ apiToken: 'uri-token', impersonating: true });
  });

  it('gives a mobile-app session 29 days when the user carries no expiry (accounts-devices-billing §9)', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    const session = encoded({ apiToken: 'app-token', user: DEMO_USER });
    applyStartupParams(at(`?source=mobileapp&session=${session}`), now);
    expect(Cookies.get('source')).toBe('mobileapp');
    // The stored expiry is 29 days on, so the session is still valid today.
    expect(getSession().expiresAt).toBe('2025-01-30T00:00:00.000Z');
  });

  it('ignores a session that cannot be read, and does not follow its redirect', () => {
    const next = applyStartupParams(at('?session=not-a-session&redirect=/account'));
    expect(getSession().loggedIn).toBe(false);
    expect(next).toBe('/?redirect=%2Faccount');
  });

  it('remembers source=mobileapp, and stores browser otherwise (accounts-devices-billing §2)', () => {
    expect(applyStartupParams(at(''))).toBeNull();
    expect(Cookies.get('source')).toBe('browser');
    applyStartupParams(at('?source=mobileapp'));
    expect(Cookies.get('source')).toBe('mobileapp');
    applyStartupParams(at(''));
    expect(Cookies.get('source')).toBe('mobileapp');
  });
});
