import type { SignInSource } from '@monitor/domain/accounts/session';
import { COOKIE, readCookie, writeCookie } from './cookies';

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- extends the global Window
  interface Window {
    /** Injected by the native app's React Native WebView. */
    ReactNativeWebView?: { postMessage: (data: string) => void };
  }
}

/** Messages the site sends to the native app that embeds it (accounts-devices-billing §2). */
export type NativeAppMessage =
  | { type: 'urlChange'; url: string }
  | { type: 'logout' }
  /** A support video: in the app it is the app that plays it, by key (store-and-public-site §2). */
  | { type: 'playVideo'; key: string };

export type AppSource = 'mobileapp' | 'browser';

/** Paths the native app handles itself; the site never navigates to them in app mode. */
const APP_OWNED_PATHS = ['/login', '/logout', '/register'];

/** Remembers where the site runs: `source=mobileapp` sticks, anything else is a browser (accounts-devices-billing §2). */
export function rememberSource(param: string | null): void {
  if (param === 'mobileapp') writeCookie(COOKIE.source, 'mobileapp');
  else if (param !== null || readCookie(COOKIE.source) === undefined)
    writeCookie(COOKIE.source, 'browser');
}

export function isMobileApp(): boolean {
  return readCookie(COOKIE.source) === 'mobileapp';
}

/** The `source` sent with logins and registrations: app logins get the 29-day session. */
export function getLoginSource(): SignInSource {
  return isMobileApp() ? 'mobileapp' : 'web';
}

export function isAppOwnedPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return APP_OWNED_PATHS.includes(path);
}

/** Posts a message to the native app: the React Native bridge when present, else the embedding window. */
export function postToNativeApp(message: NativeAppMessage): void {
  const data = JSON.stringify(message);
  if (window.ReactNativeWebView) {
    window.ReactNativeWebView.postMessage(data);
    return;
  }
  window.parent.postMessage(data, '*');
}
