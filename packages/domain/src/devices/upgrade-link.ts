import type { DeviceType } from './device-types';
import { readFirmwareNumber, type FirmwareValue } from './firmware';

/** Types offered the upgrade link (device-management §9). */
export const UPGRADE_LINK_DEVICE_TYPES: readonly DeviceType[] = [1, 4];
/** Carriers offered the upgrade link (device-management §9). */
export const UPGRADE_LINK_CARRIERS: readonly number[] = [1, 2];
/** Firmware versions never offered the upgrade link (device-management §9). */
export const UPGRADE_LINK_EXCLUDED_FIRMWARE: readonly number[] = [4, 8];

export type UpgradeLinkFacts = {
  deviceType: DeviceType;
  /** DeviceNSP, the carrier. */
  deviceNsp: number | null;
  firmwareVersion: FirmwareValue;
  /** The device's VRP flag. */
  vrp: number | null;
};

/**
 * Whether the dashboard card shows the upgrade link: type 1 or 4, carrier 1 or 2, firmware known
 * and neither 4 nor 8, VRP flag 1 (device-management §9).
 */
export function isUpgradeLinkShown(facts: UpgradeLinkFacts): boolean {
  const firmware = readFirmwareNumber(facts.firmwareVersion);
  return (
    UPGRADE_LINK_DEVICE_TYPES.includes(facts.deviceType) &&
    facts.deviceNsp !== null &&
    UPGRADE_LINK_CARRIERS.includes(facts.deviceNsp) &&
    firmware !== null &&
    !UPGRADE_LINK_EXCLUDED_FIRMWARE.includes(firmware) &&
    facts.vrp === 1
  );
}
