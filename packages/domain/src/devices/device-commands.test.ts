import { describe, expect, it } from 'vitest';
import { DEVICE_COMMAND_NAMES, isDeviceCommandName } from './device-commands';

describe('device commands', () => {
  it('knows the four text commands a unit obeys (device-management §4, §7)', () => {
    expect(DEVICE_COMMAND_NAMES).toEqual(['RPT', 'RLY', 'UPD', 'DOG']);
    for (const name of DEVICE_COMMAND_NAMES) expect(isDeviceCommandName(name)).toBe(true);
  });

  it('refuses anything else, lower case included', () => {
    for (const value of ['rpt', 'RESET', '', null, 7])
      expect(isDeviceCommandName(value)).toBe(false);
  });
});
