import {
  isBillableSubscriptionDevice,
  type DeviceType,
} from '@monitor/domain/devices/device-types';
import { isFirmwareEligibleForPucks, type FirmwareValue } from '@monitor/domain/devices/firmware';

/** Device types whose new puck goes straight to its notifications (device-management §4 "Add puck flow"). */
const NOTIFICATIONS_DEVICE_TYPES: readonly DeviceType[] = [2, 5];

/**
 * Where the add-puck flow goes once the puck is registered:
 * - `firmware-ineligible`: remove the puck, say why and go to /devices;
 * - `subscription` / `billable-subscription`: a monitoring subscription must be set up first;
 * - `notifications`: step 2, with `isWaterOnly` for a puck without a logic level.
 */
export type AddPuckNextStep =
  | { kind: 'firmware-ineligible' }
  | { kind: 'subscription' }
  | { kind: 'billable-subscription' }
  | { kind: 'notifications'; isWaterOnly: boolean };

export type RegisteredPuck = { logicLevel: number | null; spuckStyle: number };

/** The unit as GET /api/devices/{id} answers it; only asked for a puck with a logic level. */
export type PuckHostDevice = { deviceType: DeviceType; firmwareVersion: FirmwareValue };

/** Whether the flow needs the unit loaded: only a puck with a logic level is checked (device-management §4). */
export function needsHostDevice(puck: RegisteredPuck): boolean {
  return puck.logicLevel !== null;
}

/**
 * The branching after registration (device-management §4 "Add puck flow", §9): no logic level →
 * notifications with only a water alarm; otherwise firmware below 8 ends the flow; style 1 → notifications;
 * style 0 → by device type: 2 and 5 notifications, 6 and 7 the billable subscription, others a subscription.
 */
export function decideAddPuckNextStep(
  puck: RegisteredPuck,
  device: PuckHostDevice | null,
): AddPuckNextStep {
  if (puck.logicLevel === null) return { kind: 'notifications', isWaterOnly: true };
  if (!device) throw new Error('A puck with a logic level needs its device loaded');
  if (!isFirmwareEligibleForPucks(device.firmwareVersion)) return { kind: 'firmware-ineligible' };
  if (puck.spuckStyle !== 0) return { kind: 'notifications', isWaterOnly: false };
  if (NOTIFICATIONS_DEVICE_TYPES.includes(device.deviceType)) {
    return { kind: 'notifications', isWaterOnly: false };
  }
  if (isBillableSubscriptionDevice(device.deviceType)) return { kind: 'billable-subscription' };
  return { kind: 'subscription' };
}
