/** How the last reading and the last message time are shown (device-management §9). */

/** The last message time is shifted by this many hours (device-management §9). */
export const LAST_MESSAGE_SHIFT_HOURS = 8;

/** Signal strength is shown as the rounded signal divided by this (device-management §9). */
export const SIGNAL_STRENGTH_DIVISOR = 5;

/** A last-read value as displayed: rounded to an integer; a missing value stays missing (device-management §9). */
export function roundLastRead(value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  // `|| 0` turns Math.round's -0 into 0 so a reading of -0.4 is not shown as "-0".
  return Math.round(value) || 0;
}

/** The signal strength shown: the rounded signal divided by 5 (device-management §9). */
export function displaySignalStrength(signal: number | null | undefined): number | null {
  const rounded = roundLastRead(signal);
  return rounded === null ? null : rounded / SIGNAL_STRENGTH_DIVISOR;
}

/** The last message time as shown: the stored time moved 8 hours later (device-management §9; direction in SPEC-NOTES.md). */
export function shiftLastMessageTime(lastMessage: Date): Date {
  return new Date(lastMessage.getTime() + LAST_MESSAGE_SHIFT_HOURS * 60 * 60 * 1000);
}
