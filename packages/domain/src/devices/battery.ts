/** Puck battery: level thresholds and the voltage formula (device-management §4, §9). */

/** Levels 1 to 10 percent are critical (red) (device-management §4, §9). */
export const BATTERY_CRITICAL_MAX = 10;
/** Levels 11 to 20 percent are low (yellow) (device-management §4, §9). */
export const BATTERY_LOW_MAX = 20;
/** A reported value meaning "not available" (device-management §4, §9). */
export const NOT_AVAILABLE_SENTINEL = 255;

/** Battery voltage = count × 0.048 + 1.70 (device-management §9). */
export const BATTERY_VOLTS_PER_COUNT = 0.048;
export const BATTERY_BASE_VOLTS = 1.7;

export type BatteryState = 'critical' | 'low' | 'ok' | 'unavailable';

/**
 * Classifies a battery level: 1–10 critical, 11–20 low, above 20 ok; missing, 255 or 0 and below
 * are not available, since the spec's ranges start at 1 (device-management §4, §9).
 */
export function classifyBatteryLevel(level: number | null | undefined): BatteryState {
  if (level === null || level === undefined || !Number.isFinite(level)) return 'unavailable';
  if (level === NOT_AVAILABLE_SENTINEL || level < 1) return 'unavailable';
  if (level <= BATTERY_CRITICAL_MAX) return 'critical';
  if (level <= BATTERY_LOW_MAX) return 'low';
  return 'ok';
}

/** The battery voltage for a raw count, count × 0.048 + 1.70, to the millivolt (device-management §9). */
export function batteryVoltage(count: number): number {
  return Math.round((count * BATTERY_VOLTS_PER_COUNT + BATTERY_BASE_VOLTS) * 1000) / 1000;
}
