import { describe, expect, it } from 'vitest';
import { computeSessionExpiry, SESSION_LIFETIME_MS } from './session';

const now = new Date('2026-03-01T10:00:00Z');
const HOUR = 60 * 60 * 1000;

describe('computeSessionExpiry', () => {
  it('ends a web session 8 hours after sign-in (accounts-devices-billing §9)', () => {
    expect(computeSessionExpiry('web', now)).toEqual(new Date('2026-03-01T18:00:00Z'));
  });

  it('ends a mobile-app session 29 days after sign-in (accounts-devices-billing §9)', () => {
    expect(computeSessionExpiry('mobileapp', now)).toEqual(new Date('2026-03-30T10:00:00Z'));
  });

  it('ends an impersonation session 1 hour after it starts (accounts-devices-billing §6)', () => {
    expect(computeSessionExpiry('impersonation', now)).toEqual(new Date('2026-03-01T11:00:00Z'));
  });

  it('does not change the time it was given', () => {
    const start = new Date(now);
    computeSessionExpiry('web', start);
    expect(start).toEqual(now);
  });

  it('keeps the lifetimes in the spec order: impersonation < web < mobile app (accounts-devices-billing §9)', () => {
    expect(SESSION_LIFETIME_MS.impersonation).toBe(HOUR);
    expect(SESSION_LIFETIME_MS.web).toBe(8 * HOUR);
    expect(SESSION_LIFETIME_MS.mobileapp).toBe(29 * 24 * HOUR);
  });
});
