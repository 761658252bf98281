import { isProDevice, type DeviceType } from './device-types';
import { readFirmwareNumber } from './firmware';

/**
 * The secure two-way channel that pushes a fresh reading to the device list (device-management
 * §4 "Live readings", §9).
 */

/** Carriers (DeviceNSP) that can use the live channel (device-management §4, §9). */
export const LIVE_CHANNEL_CARRIERS: readonly number[] = [1, 2, 3];
/** The memo's firmware number must be at least this (device-management §4, §9). */
export const LIVE_CHANNEL_MIN_FIRMWARE = 10.4;
/** The user must have between 1 and 9 devices (device-management §4, §9). */
export const LIVE_CHANNEL_MIN_DEVICES = 1;
export const LIVE_CHANNEL_MAX_DEVICES = 9;

/** How old the last reading may be before a fresh one is sought: basic 15 minutes, PRO 5 (device-management §4). */
export const REFRESH_THRESHOLD_MINUTES = { basic: 15, pro: 5 } as const;

/** The message type that carries a fresh reading (device-management §4). */
export const LIVE_REPORT_MESSAGE_TYPE = 'device_single_report';

const MINUTE_MS = 60_000;

/** The refresh threshold for a device: 5 minutes for PRO types (the general list), 15 otherwise (device-management §4). */
export function refreshThresholdMs(deviceType: DeviceType): number {
  const minutes = isProDevice(deviceType, 'general')
    ? REFRESH_THRESHOLD_MINUTES.pro
    : REFRESH_THRESHOLD_MINUTES.basic;
  return minutes * MINUTE_MS;
}

/** How often a unit of this type reports, in minutes: its refresh threshold (device-management §4). */
export function reportIntervalMinutes(deviceType: DeviceType): number {
  return refreshThresholdMs(deviceType) / MINUTE_MS;
}

/** Whether the last reading is stale: as old as the refresh threshold or older, or missing (device-management §4). */
export function isRefreshThresholdReached(
  lastReportAt: Date | null,
  deviceType: DeviceType,
  now: Date,
): boolean {
  if (!lastReportAt) return true;
  return now.getTime() - lastReportAt.getTime() >= refreshThresholdMs(deviceType);
}

export type LiveChannelDevice = {
  /** DeviceNSP, the carrier. */
  deviceNsp: number | null;
  /** UserDevice.Active; 1 (or true) means active. */
  active: number | boolean | null;
  /** UserDevice.Memo, which holds a firmware number. */
  memo: string | null;
};

/** Whether a device can use the live channel: carrier 1, 2 or 3, Active 1, memo firmware at least 10.4 (device-management §4, §9). */
export function isLiveChannelDevice(device: LiveChannelDevice): boolean {
  const firmware = readFirmwareNumber(device.memo);
  return (
    device.deviceNsp !== null &&
    LIVE_CHANNEL_CARRIERS.includes(device.deviceNsp) &&
    (device.active === 1 || device.active === true) &&
    firmware !== null &&
    firmware >= LIVE_CHANNEL_MIN_FIRMWARE
  );
}

/** Whether a user's device count allows the live channel: 1 to 9 (device-management §4, §9). */
export function isLiveChannelDeviceCount(userDeviceCount: number): boolean {
  return userDeviceCount >= LIVE_CHANNEL_MIN_DEVICES && userDeviceCount <= LIVE_CHANNEL_MAX_DEVICES;
}

/**
 * Whether to open the live channel for a device now: it qualifies, the user has 1 to 9 devices
 * and the refresh threshold is reached (device-management §4).
 */
export function shouldOpenLiveChannel(args: {
  device: LiveChannelDevice & { deviceType: DeviceType; lastReportAt: Date | null };
  userDeviceCount: number;
  now: Date;
}): boolean {
  const { device, userDeviceCount, now } = args;
  return (
    isLiveChannelDevice(device) &&
    isLiveChannelDeviceCount(userDeviceCount) &&
    isRefreshThresholdReached(device.lastReportAt, device.deviceType, now)
  );
}

/** Whether to reopen the channel when the page is visible again: always on iOS, else only for a stale reading (device-management §4). */
export function shouldReopenLiveChannel(args: { isIos: boolean; isStale: boolean }): boolean {
  return args.isIos || args.isStale;
}

/** The reading to show after a live message: a device_single_report replaces it, any other message leaves it (device-management §4). */
export function applyLiveMessage<Reading>(
  shown: Reading,
  message: { message_type: string; message_body: Reading },
): Reading {
  return message.message_type === LIVE_REPORT_MESSAGE_TYPE ? message.message_body : shown;
}
