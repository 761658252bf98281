import { describe, expect, it } from 'vitest';
import {
  applyLiveMessage,
  isLiveChannelDevice,
  isLiveChannelDeviceCount,
  isRefreshThresholdReached,
  refreshThresholdMs,
  reportIntervalMinutes,
  shouldOpenLiveChannel,
  shouldReopenLiveChannel,
} from './live-channel';

const now = new Date('2026-03-01T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const device = { deviceNsp: 1, active: 1, memo: 'FW 10.4' };

describe('refresh thresholds (device-management §4)', () => {
  it('waits 15 minutes for a basic device and 5 for a PRO one', () => {
    expect(refreshThresholdMs(1)).toBe(15 * 60_000);
    expect(refreshThresholdMs(4)).toBe(5 * 60_000);
    expect(refreshThresholdMs(17)).toBe(5 * 60_000);
  });

  it('is reached at the threshold and not a moment before', () => {
    expect(isRefreshThresholdReached(minutesAgo(14.99), 1, now)).toBe(false);
    expect(isRefreshThresholdReached(minutesAgo(15), 1, now)).toBe(true);
    expect(isRefreshThresholdReached(minutesAgo(4.99), 5, now)).toBe(false);
    expect(isRefreshThresholdReached(minutesAgo(5), 5, now)).toBe(true);
  });

  it('tells a new owner a basic unit reports within 15 minutes and a PRO one within 5 (issue #24)', () => {
    expect(reportIntervalMinutes(1)).toBe(15);
    expect(reportIntervalMinutes(5)).toBe(5);
  });

  it('counts a device with no reading as stale', () => {
    expect(isRefreshThresholdReached(null, 1, now)).toBe(true);
  });
});

describe('isLiveChannelDevice (device-management §4, §9)', () => {
  it('takes carrier 1, 2 or 3 with Active 1 and memo firmware at least 10.4', () => {
    for (const deviceNsp of [1, 2, 3]) {
      expect(isLiveChannelDevice({ ...device, deviceNsp })).toBe(true);
    }
    expect(isLiveChannelDevice({ ...device, active: true, memo: '11' })).toBe(true);
  });

  it('refuses another carrier', () => {
    expect(isLiveChannelDevice({ ...device, deviceNsp: 4 })).toBe(false);
    expect(isLiveChannelDevice({ ...device, deviceNsp: 0 })).toBe(false);
    expect(isLiveChannelDevice({ ...device, deviceNsp: null })).toBe(false);
  });

  it('refuses a device that is not Active 1', () => {
    expect(isLiveChannelDevice({ ...device, active: 0 })).toBe(false);
    expect(isLiveChannelDevice({ ...device, active: null })).toBe(false);
  });

  it('refuses memo firmware below 10.4 or without a number', () => {
    expect(isLiveChannelDevice({ ...device, memo: 'FW 10.3' })).toBe(false);
    expect(isLiveChannelDevice({ ...device, memo: '9' })).toBe(false);
    expect(isLiveChannelDevice({ ...device, memo: null })).toBe(false);
  });
});

describe('isLiveChannelDeviceCount (device-management §4, §9)', () => {
  it('allows 1 to 9 devices', () => {
    expect(isLiveChannelDeviceCount(0)).toBe(false);
    expect(isLiveChannelDeviceCount(1)).toBe(true);
    expect(isLiveChannelDeviceCount(9)).toBe(true);
    expect(isLiveChannelDeviceCount(10)).toBe(false);
  });
});

describe('shouldOpenLiveChannel (device-management §4)', () => {
  const stale = { ...device, deviceType: 1, lastReportAt: minutesAgo(20) };

  it('opens for a qualifying device with a stale reading and 1 to 9 devices', () => {
    expect(shouldOpenLiveChannel({ device: stale, userDeviceCount: 3, now })).toBe(true);
  });

  it('stays closed while the reading is fresh', () => {
    const fresh = { ...stale, lastReportAt: minutesAgo(2) };
    expect(shouldOpenLiveChannel({ device: fresh, userDeviceCount: 3, now })).toBe(false);
  });

  it('stays closed for 10 devices or an unqualified device', () => {
    expect(shouldOpenLiveChannel({ device: stale, userDeviceCount: 10, now })).toBe(false);
    expect(
      shouldOpenLiveChannel({ device: { ...stale, active: 0 }, userDeviceCount: 3, now }),
    ).toBe(false);
  });
});

describe('shouldReopenLiveChannel (device-management §4)', () => {
  it('reopens on visibility only for a stale reading, except on iOS which always reopens', () => {
    expect(shouldReopenLiveChannel({ isIos: false, isStale: true })).toBe(true);
    expect(shouldReopenLiveChannel({ isIos: false, isStale: false })).toBe(false);
    expect(shouldReopenLiveChannel({ isIos: true, isStale: false })).toBe(true);
  });
});

describe('applyLiveMessage (device-management §4)', () => {
  const shown = { temp: 70 };

  it('replaces the shown reading with a device_single_report', () => {
    expect(
      applyLiveMessage(shown, { message_type: 'device_single_report', message_body: { temp: 72 } }),
    ).toEqual({ temp: 72 });
  });

  it('keeps the shown reading for any other message', () => {
    expect(applyLiveMessage(shown, { message_type: 'heartbeat', message_body: { temp: 0 } })).toBe(
      shown,
    );
  });
});
