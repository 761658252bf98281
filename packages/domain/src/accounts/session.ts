/** Where a session was started; decides its lifetime (accounts-devices-billing §9). */
export const SESSION_SOURCES = ['web', 'mobileapp', 'impersonation'] as const;

export type SessionSource = (typeof SESSION_SOURCES)[number];

/** The sources a sign-in may name; an impersonation session is started by staff, not signed in to. */
export const SIGN_IN_SOURCES = ['web', 'mobileapp'] as const satisfies readonly SessionSource[];

export type SignInSource = (typeof SIGN_IN_SOURCES)[number];

const HOUR_MS = 60 * 60 * 1000;

/** Session lifetimes: 8 hours on web login, 29 days for the mobile app, 1 hour when impersonating (accounts-devices-billing §9). */
export const SESSION_LIFETIME_MS: Readonly<Record<SessionSource, number>> = {
  web: 8 * HOUR_MS,
  mobileapp: 29 * 24 * HOUR_MS,
  impersonation: 1 * HOUR_MS,
};

/** The moment a session started at `now` from `source` stops being valid (accounts-devices-billing §9). */
export function computeSessionExpiry(source: SessionSource, now: Date): Date {
  return new Date(now.getTime() + SESSION_LIFETIME_MS[source]);
}
