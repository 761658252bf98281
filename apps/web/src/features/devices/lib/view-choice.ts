import Cookies from 'js-cookie';

/** The device list's two views (device-management §2 "Device list"). */
export type DeviceView = 'list' | 'dashboard';

/** The cookie that remembers the choice (device-management §3 "Cookies"). */
export const DEVICE_VIEW_COOKIE = 'deviceView';

/** With this many devices or more the list view is the default (device-management §2, §9). */
export const LIST_VIEW_DEFAULT_FROM = 4;

/** The view to show: the remembered choice, else list view at 4 or more devices, else dashboard (device-management §2). */
export function chooseDeviceView(remembered: string | undefined, deviceCount: number): DeviceView {
  if (remembered === 'list' || remembered === 'dashboard') return remembered;
  return deviceCount >= LIST_VIEW_DEFAULT_FROM ? 'list' : 'dashboard';
}

export function readDeviceViewCookie(): string | undefined {
  return Cookies.get(DEVICE_VIEW_COOKIE);
}

export function writeDeviceViewCookie(view: DeviceView): void {
  Cookies.set(DEVICE_VIEW_COOKIE, view, {
    expires: 365,
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
  });
}

/** Splits the dashboard's cards into pairs (device-management §2, §9). */
export function groupInPairs<T>(items: readonly T[]): T[][] {
  const pairs: T[][] = [];
  for (let index = 0; index < items.length; index += 2) pairs.push(items.slice(index, index + 2));
  return pairs;
}
