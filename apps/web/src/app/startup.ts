import type { User } from '@monitor/contract/users';
import { computeSessionExpiry } from '@monitor/domain/accounts/session';
import { isMobileApp, rememberSource } from '../lib/mobile-app';
import { toSafeRedirect } from '../lib/safe-redirect';
import { startSession } from '../lib/session';
import { rememberTenant } from '../lib/tenant';

type StartupLocation = { pathname: string; search: string; hash: string };
type EncodedSession = { apiToken: string; user: User; impersonating: boolean };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function decodeBase64(text: string): string | undefined {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

function safeDecodeUri(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads the `session` startup parameter: a user session object {apiToken, user, impersonating?}
 * as JSON, URI-encoded JSON or base64 JSON (accounts-devices-billing §2). Anything else is ignored.
 */
export function decodeSessionParam(value: string): EncodedSession | null {
  const candidates = [value, safeDecodeUri(value), decodeBase64(value)];
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    const parsed = parseJson(candidate) as
      | {
          apiToken?: unknown;
          user?: { Id?: unknown; AccessToken?: unknown };
          impersonating?: unknown;
        }
      | undefined;
    if (
      !parsed ||
      typeof parsed !== 'object' ||
      !parsed.user ||
      typeof parsed.user.Id !== 'number'
    ) {
      continue;
    }
    const token = typeof parsed.apiToken === 'string' ? parsed.apiToken : parsed.user.AccessToken;
    if (typeof token !== 'string' || !token) continue;
    return {
      apiToken: token,
      user: parsed.user as User,
      impersonating: parsed.impersonating === true,
    };
  }
  return null;
}

/**
 * Applies the startup query parameters (accounts-devices-billing §2): `source` and `tid` are
 * remembered in cookies; `session` signs the user in, then the optional `redirect` is followed and
 * `session` and `tid` leave the address. Answers the address to show instead, or null to keep it.
 */
export function applyStartupParams(location: StartupLocation, now = new Date()): string | null {
  const params = new URLSearchParams(location.search);
  rememberSource(params.get('source'));
  rememberTenant(params.get('tid'));

  const encoded = params.get('session');
  if (encoded === null) return null;

  const session = decodeSessionParam(encoded);
  if (session) {
    const source = session.impersonating ? 'impersonation' : isMobileApp() ? 'mobileapp' : 'web';
    startSession({
      user: session.user,
      apiToken: session.apiToken,
      impersonating: session.impersonating,
      expiresAt: session.user.AccessTokenExpires ?? computeSessionExpiry(source, now).toISOString(),
    });
  }
  params.delete('session');
  params.delete('tid');
  const redirect = session ? toSafeRedirect(params.get('redirect')) : null;
  if (redirect) return redirect;
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
}
