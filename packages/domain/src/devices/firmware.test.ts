import { describe, expect, it } from 'vitest';
import {
  CURRENT_DEVICE_FIRMWARE,
  isDeviceFirmwareSupported,
  isFirmwareEligibleForPucks,
  needsPuckFirmwareCheck,
  readFirmwareNumber,
  shouldSendFirmwareUpdate,
} from './firmware';

describe('readFirmwareNumber', () => {
  it('reads a number, or the first decimal number in a memo (device-management §3 "Memo contains a firmware number")', () => {
    expect(readFirmwareNumber(8)).toBe(8);
    expect(readFirmwareNumber('10.4')).toBe(10.4);
    expect(readFirmwareNumber('FW 10.5 modem 2')).toBe(10.5);
    expect(readFirmwareNumber('v7')).toBe(7);
  });

  it('answers null when there is no number', () => {
    expect(readFirmwareNumber(null)).toBeNull();
    expect(readFirmwareNumber(undefined)).toBeNull();
    expect(readFirmwareNumber('no firmware noted')).toBeNull();
    expect(readFirmwareNumber(Number.NaN)).toBeNull();
  });
});

describe('isDeviceFirmwareSupported', () => {
  it('rejects firmware below 4 and accepts 4 and above (accounts-devices-billing §5, §9)', () => {
    expect(isDeviceFirmwareSupported(3)).toBe(false);
    expect(isDeviceFirmwareSupported(3.9)).toBe(false);
    expect(isDeviceFirmwareSupported(4)).toBe(true);
    expect(isDeviceFirmwareSupported('4')).toBe(true);
    expect(isDeviceFirmwareSupported(10)).toBe(true);
  });

  it('does not take an unknown firmware version as "below 4" (accounts-devices-billing §5: only below 4 is refused)', () => {
    expect(isDeviceFirmwareSupported(null)).toBe(true);
    expect(isDeviceFirmwareSupported(undefined)).toBe(true);
    expect(isDeviceFirmwareSupported('no firmware noted')).toBe(true);
  });

  it('supports the firmware units are provisioned with', () => {
    expect(isDeviceFirmwareSupported(CURRENT_DEVICE_FIRMWARE)).toBe(true);
    expect(isFirmwareEligibleForPucks(CURRENT_DEVICE_FIRMWARE)).toBe(true);
  });
});

describe('puck firmware gate', () => {
  it('needs firmware 8 or more for the upgraded pucks (device-management §4, §9)', () => {
    expect(isFirmwareEligibleForPucks(7)).toBe(false);
    expect(isFirmwareEligibleForPucks(7.9)).toBe(false);
    expect(isFirmwareEligibleForPucks(8)).toBe(true);
    expect(isFirmwareEligibleForPucks('9')).toBe(true);
    expect(isFirmwareEligibleForPucks(null)).toBe(false);
  });

  it('checks firmware only for a puck with a logic level (device-management §4 "Add puck flow")', () => {
    expect(needsPuckFirmwareCheck(32775)).toBe(true);
    expect(needsPuckFirmwareCheck(null)).toBe(false);
  });
});

describe('shouldSendFirmwareUpdate', () => {
  it('sends the update text when the version is 8 or more but the memo number is below 8 (device-management §9)', () => {
    expect(shouldSendFirmwareUpdate({ firmwareVersion: 8, memo: 'FW 7.9' })).toBe(true);
    expect(shouldSendFirmwareUpdate({ firmwareVersion: 9, memo: '6' })).toBe(true);
  });

  it('sends nothing when the memo number is 8 or more', () => {
    expect(shouldSendFirmwareUpdate({ firmwareVersion: 8, memo: 'FW 8' })).toBe(false);
    expect(shouldSendFirmwareUpdate({ firmwareVersion: 10, memo: '10.4' })).toBe(false);
  });

  it('sends nothing when the version is below 8, whatever the memo', () => {
    expect(shouldSendFirmwareUpdate({ firmwareVersion: 7, memo: '5' })).toBe(false);
  });

  it('sends nothing when the memo holds no number', () => {
    expect(shouldSendFirmwareUpdate({ firmwareVersion: 8, memo: null })).toBe(false);
    expect(shouldSendFirmwareUpdate({ firmwareVersion: 8, memo: 'none' })).toBe(false);
  });
});
