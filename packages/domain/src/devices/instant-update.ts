import type { DeviceCommandName } from './device-commands';
import { DEVICE_RULE_MESSAGES } from './device-rule-messages';
import { isBasicDevice, type DeviceType } from './device-types';
import { isPetMonitorActive, petMonitorHoursRemaining } from './pet-monitor';
import { STORE_ITEM_IDS } from '../store/store-items';

/**
 * Instant update: ask a device for a fresh report now (RPT), or start pet monitor mode (DOG)
 * (device-management §4 "Instant update", §5, §8, §9).
 */

/** Text commands: RPT for a report, DOG for pet monitor (device-management §4, §9). */
export const INSTANT_UPDATE_COMMANDS = {
  report: 'RPT',
  petMonitor: 'DOG',
} as const satisfies Record<string, DeviceCommandName>;
export type InstantUpdateCommand =
  (typeof INSTANT_UPDATE_COMMANDS)[keyof typeof INSTANT_UPDATE_COMMANDS];

/** Cart items bought when none are left: 13 standard, 27 pet monitor (device-management §4, §9). */
export const INSTANT_UPDATE_CART_ITEMS = {
  standard: STORE_ITEM_IDS.instantUpdates,
  petMonitor: STORE_ITEM_IDS.petMonitor,
} as const;

/** Wait before the first check, then between checks; at most 9 checks (device-management §4, §9). */
export const INSTANT_UPDATE_FIRST_WAIT_MS = 10_000;
export const INSTANT_UPDATE_POLL_MS = 10_000;
export const INSTANT_UPDATE_MAX_CHECKS = 9;
/**
 * How long an RPT or DOG waits for its answer: until the web app's last check, when it says
 * 'Update Failed' (device-management §4). Answered later, it costs nothing, as the customer was
 * told it failed; until then it holds one instant update back (issue #22).
 */
export const INSTANT_UPDATE_ANSWER_WINDOW_MS =
  INSTANT_UPDATE_FIRST_WAIT_MS + (INSTANT_UPDATE_MAX_CHECKS - 1) * INSTANT_UPDATE_POLL_MS;

/**
 * Whether another instant update may be sent: the count left, less those sent and still waiting
 * for their answer, must leave one (issue #22: the server owns the count).
 */
export function hasInstantUpdateToSend(remaining: number, waitingForAnswer: number): boolean {
  return remaining - waitingForAnswer > 0;
}

/** After a send error the dialog closes with an error result after 3 seconds (device-management §4). */
export const INSTANT_UPDATE_ERROR_CLOSE_MS = 3_000;

export type InstantUpdateRefusal =
  'deviceOff' | 'deviceMuted' | 'deviceInactive' | 'petMonitorActive';

export type InstantUpdateVerdict =
  | { isAllowed: true; command: InstantUpdateCommand }
  | { isAllowed: false; refusal: InstantUpdateRefusal; message: string };

export type InstantUpdateFacts = {
  deviceType: DeviceType;
  /** LastRead.Power; 0 is off. */
  power: number | null;
  isMuted: boolean;
  isActive: boolean;
  isPetMonitor: boolean;
  /** UserDevice.LastRequestedTime in epoch seconds. */
  lastRequestedTime: number | null;
};

/** The command an instant update sends: DOG for a pet monitor, RPT otherwise (device-management §4). */
export function instantUpdateCommand(isPetMonitor: boolean): InstantUpdateCommand {
  return isPetMonitor ? INSTANT_UPDATE_COMMANDS.petMonitor : INSTANT_UPDATE_COMMANDS.report;
}

/** The cart item to buy when no instant updates are left: 27 for a pet monitor, 13 otherwise (device-management §4). */
export function instantUpdateCartItem(isPetMonitor: boolean): number {
  return isPetMonitor ? INSTANT_UPDATE_CART_ITEMS.petMonitor : INSTANT_UPDATE_CART_ITEMS.standard;
}

/** Whether the user has an instant update left to spend; if not, they may buy one (device-management §4). */
export function hasInstantUpdateLeft(remaining: number): boolean {
  return remaining > 0;
}

const refuse = (refusal: InstantUpdateRefusal, message: string): InstantUpdateVerdict => ({
  isAllowed: false,
  refusal,
  message,
});

/**
 * Whether an instant update may be sent, checked in the spec's order: a basic model with Power 0
 * is OFF, a muted device is Device OFF, an inactive device is refused, and a pet monitor still in
 * its window says how many hours remain (device-management §4, §5, §8).
 */
export function assessInstantUpdate(facts: InstantUpdateFacts, now: Date): InstantUpdateVerdict {
  if (isBasicDevice(facts.deviceType) && facts.power === 0) {
    return refuse('deviceOff', DEVICE_RULE_MESSAGES.instantUpdateDeviceOff);
  }
  if (facts.isMuted) return refuse('deviceMuted', DEVICE_RULE_MESSAGES.instantUpdateDeviceMuted);
  if (!facts.isActive)
    return refuse('deviceInactive', DEVICE_RULE_MESSAGES.instantUpdateDeviceInactive);
  if (isPetMonitorActive(facts, now)) {
    const hours = petMonitorHoursRemaining(facts.lastRequestedTime, now);
    return refuse('petMonitorActive', DEVICE_RULE_MESSAGES.petMonitorStillActive(hours));
  }
  return { isAllowed: true, command: instantUpdateCommand(facts.isPetMonitor) };
}

export type InstantUpdateCheckOutcome = 'succeeded' | 'pollAgain' | 'failed';

/**
 * One check of the last report time after the command was sent: a changed time succeeds (one
 * instant update is counted as used); otherwise poll again, until 9 checks have found nothing
 * (device-management §4).
 */
export function assessInstantUpdateCheck(args: {
  /** The last report time (epoch ms) read before the command was sent. */
  reportTimeBefore: number | null;
  /** The last report time read by this check. */
  reportTimeNow: number | null;
  /** Checks made so far, this one included. */
  checksDone: number;
}): InstantUpdateCheckOutcome {
  if (args.reportTimeNow !== null && args.reportTimeNow !== args.reportTimeBefore) {
    return 'succeeded';
  }
  return args.checksDone >= INSTANT_UPDATE_MAX_CHECKS ? 'failed' : 'pollAgain';
}
