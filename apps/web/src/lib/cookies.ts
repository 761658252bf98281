import Cookies from 'js-cookie';

/** Cookie names the spec keeps: tenant from the `tid` startup parameter, app source, temperature unit. */
export const COOKIE = {
  tenant: 'tid',
  source: 'source',
  tempPref: 'tempPref',
} as const;

type CookieName = (typeof COOKIE)[keyof typeof COOKIE];

const ONE_YEAR_DAYS = 365;

export function readCookie(name: CookieName): string | undefined {
  return Cookies.get(name);
}

/** Writes a site-wide cookie; Secure only over HTTPS so local http demos keep working. */
export function writeCookie(name: CookieName, value: string, days = ONE_YEAR_DAYS): void {
  Cookies.set(name, value, {
    expires: days,
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
  });
}

export function removeCookie(name: CookieName): void {
  Cookies.remove(name, { path: '/' });
}
