/**
 * The text commands a unit obeys (device-management §4, §7; docs/device-protocol.md "Commands"):
 * RPT reports at once (instant update), RLY triggers the relay, UPD updates the firmware, DOG
 * starts pet monitor mode. The contract, the database types and the simulator derive from this
 * list.
 */
export const DEVICE_COMMAND_NAMES = ['RPT', 'RLY', 'UPD', 'DOG'] as const;

export type DeviceCommandName = (typeof DEVICE_COMMAND_NAMES)[number];

export function isDeviceCommandName(value: unknown): value is DeviceCommandName {
  return typeof value === 'string' && (DEVICE_COMMAND_NAMES as readonly string[]).includes(value);
}
