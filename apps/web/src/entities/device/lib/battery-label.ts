import { classifyBatteryLevel } from '@monitor/domain/devices/battery';

const BATTERY_LABEL = { critical: 'Critical', low: 'Low', ok: 'OK', unavailable: 'Not available' };

/**
 * A puck's battery in words. The reported level is a raw count (volts = count × 0.048 + 1.70,
 * device-management §9), not a percentage, so it is never shown as one.
 */
export function batteryLabel(level: number | null | undefined): string {
  return BATTERY_LABEL[classifyBatteryLevel(level)];
}
