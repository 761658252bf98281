/** Where a session was started; decides its lifetime (accounts-devices-billing §9). */
export type SessionSource = 'web' | 'mobileapp' | 'impersonation';

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
