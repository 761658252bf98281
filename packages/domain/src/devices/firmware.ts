import type { DeviceCommandName } from './device-commands';

/**
 * Firmware gates. A device carries two firmware figures: FirmwareVersion (from the device
 * record) and a number inside its free-text Memo (device-management §3). Both are read as plain
 * decimal numbers, so "10.4" is 10.4 (see SPEC-NOTES.md).
 */

/**
 * The firmware units ship with today: what provisioning records when it is not told otherwise
 * (a unit then reports its own version on every call, which replaces it).
 */
export const CURRENT_DEVICE_FIRMWARE = '10.6';

/** Devices below this FirmwareVersion are no longer supported (accounts-devices-billing §5, §9). */
export const MIN_DEVICE_FIRMWARE = 4;

/** Pucks with a logic level need device firmware of at least 8 (device-management §4, §9). */
export const MIN_PUCK_FIRMWARE = 8;

/** The update text is sent when the memo's number is below this (device-management §9). */
export const PUCK_MEMO_FIRMWARE = 8;

/** The text command that tells a device to update its firmware (device-management §4, §7). */
export const FIRMWARE_UPDATE_COMMAND = 'UPD' satisfies DeviceCommandName;

export type FirmwareValue = number | string | null | undefined;

/** Reads a firmware figure, a number or the first decimal number in a text such as "FW 10.4"; null when there is none (device-management §3). */
export function readFirmwareNumber(value: FirmwareValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const match = /\d+(?:\.\d+)?/.exec(value);
  return match ? Number(match[0]) : null;
}

/**
 * Whether a device's FirmwareVersion is still supported: refused only when it is known to be below
 * 4 (accounts-devices-billing §5). An unknown version (a unit that has not reported yet) is not
 * "below 4": its first call reports the version and the server records it.
 */
export function isDeviceFirmwareSupported(firmwareVersion: FirmwareValue): boolean {
  const version = readFirmwareNumber(firmwareVersion);
  return version === null || version >= MIN_DEVICE_FIRMWARE;
}

/** Whether a device's FirmwareVersion takes the upgraded pucks (8 or more); below, the new puck is removed (device-management §4). */
export function isFirmwareEligibleForPucks(firmwareVersion: FirmwareValue): boolean {
  const version = readFirmwareNumber(firmwareVersion);
  return version !== null && version >= MIN_PUCK_FIRMWARE;
}

/** Whether adding a puck checks the device firmware: only for a puck with a logic level (device-management §4 "Add puck flow"). */
export function needsPuckFirmwareCheck(logicLevel: number | null): boolean {
  return logicLevel !== null;
}

/**
 * Whether to send the firmware update text (UPD) after a puck is added: FirmwareVersion 8 or more
 * but the memo's number below 8. A memo without a number sends nothing (device-management §9).
 */
export function shouldSendFirmwareUpdate(device: {
  firmwareVersion: FirmwareValue;
  memo: string | null;
}): boolean {
  const memoNumber = readFirmwareNumber(device.memo);
  return (
    isFirmwareEligibleForPucks(device.firmwareVersion) &&
    memoNumber !== null &&
    memoNumber < PUCK_MEMO_FIRMWARE
  );
}
