import Cookies from 'js-cookie';

/**
 * The puck registered by the add page but not yet through its ranges (device-management §4: "An
 * unfinished puck from a prior session is removed on page load"). Kept in a cookie rather than
 * sessionStorage: sessionStorage dies with the tab, so a puck left behind by closing the tab would
 * never be cleaned up; the cookie outlives the tab and the next visit to the add page removes it.
 */
export type UnfinishedPuck = {
  userDeviceId: number;
  id: string;
  /** Paid for in the subscription dialog: its removal must take it off the recurring amount again. */
  isPaid?: boolean;
};

const COOKIE_NAME = 'unfinishedSpuck';
const KEEP_DAYS = 7;

export function readUnfinishedPuck(): UnfinishedPuck | null {
  const raw = Cookies.get(COOKIE_NAME);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<UnfinishedPuck>;
    return typeof value.userDeviceId === 'number' && typeof value.id === 'string'
      ? { userDeviceId: value.userDeviceId, id: value.id, isPaid: value.isPaid === true }
      : null;
  } catch {
    return null;
  }
}

export function rememberUnfinishedPuck(puck: UnfinishedPuck): void {
  Cookies.set(COOKIE_NAME, JSON.stringify(puck), {
    expires: KEEP_DAYS,
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
  });
}

export function forgetUnfinishedPuck(): void {
  Cookies.remove(COOKIE_NAME, { path: '/' });
}
