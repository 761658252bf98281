import type { UserDevice } from '@monitor/contract/user-devices';
import {
  instantUpdateCartItem,
  instantUpdateCommand,
  type InstantUpdateCommand,
} from '@monitor/domain/devices/instant-update';
import {
  PET_MONITOR_REPORT_INTERVAL_MINUTES,
  PET_MONITOR_WINDOW_MINUTES,
} from '@monitor/domain/devices/pet-monitor';

/**
 * The fields of a user device (as GET /api/users/{userId}/devices answers it) the button needs;
 * a whole UserDevice fits.
 */
export type InstantUpdateDevice = Pick<
  UserDevice,
  | 'Id'
  | 'DeviceId'
  | 'SerialNumber'
  | 'Name'
  | 'DeviceType'
  | 'PetMonitor'
  | 'SubAccountDevice'
  | 'LastRequestedTime'
  | 'Mute'
  | 'Active'
> & { LastRead: Pick<NonNullable<UserDevice['LastRead']>, 'Power' | 'ReportTimestamp'> | null };

/** How the dialog closed: a new report arrived, none within 9 checks, the send failed, or the user closed it. */
export type InstantUpdateResult = 'succeeded' | 'failed' | 'error' | 'cancelled';

export type InstantUpdateMode = {
  isPetMonitor: boolean;
  /** Button label and dialog title. */
  label: string;
  command: InstantUpdateCommand;
  /** The store item to buy when none are left: 13 or 27 (device-management §4, §9). */
  cartItem: number;
  /** What the request does, for the confirmation. */
  explanation: string;
  confirmLabel: string;
};

/**
 * Instant update (RPT) or pet monitor (DOG), by the device's PetMonitor flag (device-management §4).
 * A sub-account may ask for a report but not change how the unit reports (decision 017), so it
 * always gets the instant update.
 */
export function instantUpdateModeOf(
  device: Pick<UserDevice, 'PetMonitor' | 'SubAccountDevice'>,
): InstantUpdateMode {
  const isPetMonitor = device.PetMonitor && !device.SubAccountDevice;
  return {
    isPetMonitor,
    label: isPetMonitor ? 'Pet Monitor' : 'Instant Update',
    command: instantUpdateCommand(isPetMonitor),
    cartItem: instantUpdateCartItem(isPetMonitor),
    explanation: isPetMonitor
      ? `The device will report every ${PET_MONITOR_REPORT_INTERVAL_MINUTES} minutes for the next ${PET_MONITOR_WINDOW_MINUTES / 60} hours.`
      : 'The device will send a fresh report now.',
    confirmLabel: isPetMonitor ? 'Start Pet Monitor' : 'Request update',
  };
}

/** The name a dialog uses for the device. */
export function deviceLabel(device: Pick<UserDevice, 'Name' | 'SerialNumber'>): string {
  return device.Name?.trim() || `device ${device.SerialNumber}`;
}

/** 'instant update' or 'instant updates' for a count. */
export const instantUpdatesWord = (count: number) =>
  count === 1 ? 'instant update' : 'instant updates';
