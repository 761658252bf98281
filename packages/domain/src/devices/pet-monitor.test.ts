import { describe, expect, it } from 'vitest';
import {
  isPetMonitorActive,
  nextPetMonitorReloadAt,
  petMonitorHoursRemaining,
  shouldResetLastRequestedTime,
} from './pet-monitor';

const now = new Date('2026-03-01T12:00:00Z');
const secondsAgo = (minutes: number) => Math.floor(now.getTime() / 1000) - minutes * 60;
const petMonitor = { isPetMonitor: true, lastRequestedTime: secondsAgo(30), isMuted: false };

describe('isPetMonitorActive (device-management §4)', () => {
  it('is active for a pet monitor requested under 360 minutes ago and not muted', () => {
    expect(isPetMonitorActive(petMonitor, now)).toBe(true);
    expect(isPetMonitorActive({ ...petMonitor, lastRequestedTime: secondsAgo(359) }, now)).toBe(
      true,
    );
  });

  it('ends at 360 minutes', () => {
    expect(isPetMonitorActive({ ...petMonitor, lastRequestedTime: secondsAgo(360) }, now)).toBe(
      false,
    );
  });

  it('is never active for a device that is not a pet monitor, a muted one, or one never requested', () => {
    expect(isPetMonitorActive({ ...petMonitor, isPetMonitor: false }, now)).toBe(false);
    expect(isPetMonitorActive({ ...petMonitor, isMuted: true }, now)).toBe(false);
    expect(isPetMonitorActive({ ...petMonitor, lastRequestedTime: null }, now)).toBe(false);
    expect(isPetMonitorActive({ ...petMonitor, lastRequestedTime: 0 }, now)).toBe(false);
  });
});

describe('petMonitorHoursRemaining (device-management §4 "tells the hours remaining")', () => {
  it('rounds the time left in the 6-hour window up to whole hours', () => {
    expect(petMonitorHoursRemaining(secondsAgo(0), now)).toBe(6);
    expect(petMonitorHoursRemaining(secondsAgo(30), now)).toBe(6);
    expect(petMonitorHoursRemaining(secondsAgo(60), now)).toBe(5);
    expect(petMonitorHoursRemaining(secondsAgo(359), now)).toBe(1);
  });

  it('is 0 once the window has ended or without a request', () => {
    expect(petMonitorHoursRemaining(secondsAgo(360), now)).toBe(0);
    expect(petMonitorHoursRemaining(null, now)).toBe(0);
  });
});

describe('nextPetMonitorReloadAt (device-management §4 "reports every 20 minutes")', () => {
  it('is the end of the current 20-minute cycle', () => {
    const requested = secondsAgo(30);
    expect(nextPetMonitorReloadAt(requested, now)?.getTime()).toBe((requested + 40 * 60) * 1000);
    expect(nextPetMonitorReloadAt(secondsAgo(20), now)?.getTime()).toBe(
      now.getTime() + 20 * 60_000,
    );
  });

  it('ends with the window: the last cycle closes at 360 minutes', () => {
    const requested = secondsAgo(350);
    expect(nextPetMonitorReloadAt(requested, now)?.getTime()).toBe((requested + 360 * 60) * 1000);
    expect(nextPetMonitorReloadAt(secondsAgo(360), now)).toBeNull();
    expect(nextPetMonitorReloadAt(null, now)).toBeNull();
  });
});

describe('shouldResetLastRequestedTime (device-management §4)', () => {
  it('resets the last-requested time of a device with Mute 1', () => {
    expect(shouldResetLastRequestedTime({ mute: 1, lastRequestedTime: secondsAgo(5) })).toBe(true);
  });

  it('leaves it when not muted or already reset', () => {
    expect(shouldResetLastRequestedTime({ mute: 0, lastRequestedTime: secondsAgo(5) })).toBe(false);
    expect(shouldResetLastRequestedTime({ mute: 1, lastRequestedTime: null })).toBe(false);
  });
});
