/**
 * Pet monitor mode: after a DOG request the device reports every 20 minutes for 6 hours
 * (device-management §4 "Pet monitor mode", §9). LastRequestedTime is in epoch seconds.
 */

/** The window after a request during which pet monitor mode is active (device-management §9). */
export const PET_MONITOR_WINDOW_MINUTES = 360;
/** Reports come every 20 minutes while the mode is active (device-management §4, §9). */
export const PET_MONITOR_REPORT_INTERVAL_MINUTES = 20;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const WINDOW_MS = PET_MONITOR_WINDOW_MINUTES * MINUTE_MS;
const INTERVAL_MS = PET_MONITOR_REPORT_INTERVAL_MINUTES * MINUTE_MS;

export type PetMonitorFacts = {
  isPetMonitor: boolean;
  /** UserDevice.LastRequestedTime in epoch seconds; null or 0 when never requested. */
  lastRequestedTime: number | null;
  isMuted: boolean;
};

/** Milliseconds since the last request, or null when there was none; a request stamped in the future counts as just made. */
function elapsedSinceRequestMs(lastRequestedTime: number | null, now: Date): number | null {
  if (!lastRequestedTime) return null;
  return Math.max(0, now.getTime() - lastRequestedTime * 1000);
}

/** Whether pet monitor mode is active: a pet monitor, requested under 360 minutes ago, not muted (device-management §4). */
export function isPetMonitorActive(facts: PetMonitorFacts, now: Date): boolean {
  if (!facts.isPetMonitor || facts.isMuted) return false;
  const elapsed = elapsedSinceRequestMs(facts.lastRequestedTime, now);
  return elapsed !== null && elapsed < WINDOW_MS;
}

/** Whole hours left in the pet monitor window, rounded up; 0 once it has ended (device-management §4 "tells the hours remaining"). */
export function petMonitorHoursRemaining(lastRequestedTime: number | null, now: Date): number {
  const elapsed = elapsedSinceRequestMs(lastRequestedTime, now);
  if (elapsed === null || elapsed >= WINDOW_MS) return 0;
  return Math.ceil((WINDOW_MS - elapsed) / HOUR_MS);
}

/** When the current 20-minute cycle ends and the page reloads; null outside the window (device-management §4). */
export function nextPetMonitorReloadAt(lastRequestedTime: number | null, now: Date): Date | null {
  const elapsed = elapsedSinceRequestMs(lastRequestedTime, now);
  if (lastRequestedTime === null || elapsed === null || elapsed >= WINDOW_MS) return null;
  const cycle = Math.floor(elapsed / INTERVAL_MS) + 1;
  return new Date(lastRequestedTime * 1000 + cycle * INTERVAL_MS);
}

/** Whether the last-requested time must be reset: Mute 1 (Device OFF) with a request on record (device-management §4). */
export function shouldResetLastRequestedTime(device: {
  mute: number | null;
  lastRequestedTime: number | null;
}): boolean {
  return device.mute === 1 && !!device.lastRequestedTime;
}
