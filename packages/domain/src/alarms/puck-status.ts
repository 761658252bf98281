import { classifyBatteryLevel, NOT_AVAILABLE_SENTINEL } from '../devices/battery';
import { puckSensors, type LogicLevel } from '../devices/pucks';
import {
  combineStatus,
  evaluateRangeReading,
  STATUS_ALARM,
  STATUS_OK,
  STATUS_WARNING,
  type CombinedStatus,
  type RangeReading,
  type ReadingStatus,
  type StatusLevel,
} from './status';

/**
 * A puck's status indicator, built from the sensors its logic level shows on status
 * (device-management §4 "Status levels", §9).
 */

/** A puck temperature or humidity of 99.90 is ignored, and not converted to °C (device-management §4, §9). */
export const PUCK_IGNORED_READING = 99.9;

/** Whether a puck temperature or humidity is ignored: 99.90 (device-management §4, §9). */
export function isPuckReadingIgnored(value: number): boolean {
  return Math.abs(value - PUCK_IGNORED_READING) < 1e-9;
}

/** A puck reading to use, or null when missing, 99.90 (ignored) or 255 (not available) (device-management §4, §9). */
export function usablePuckReading(value: number | null): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  if (value === NOT_AVAILABLE_SENTINEL || isPuckReadingIgnored(value)) return null;
  return value;
}

/**
 * The water part of a puck's status: red when water reads above 0 or the battery is 1 to 10,
 * yellow when the battery is 11 to 20, else green; null with neither value (device-management §4).
 */
export function evaluatePuckWater(
  water: number | null,
  batteryLevel: number | null,
): StatusLevel | null {
  const value = water === NOT_AVAILABLE_SENTINEL ? null : water;
  const battery = classifyBatteryLevel(batteryLevel);
  if ((value !== null && value > 0) || battery === 'critical') return STATUS_ALARM;
  if (battery === 'low') return STATUS_WARNING;
  return value === null && battery === 'unavailable' ? null : STATUS_OK;
}

export type PuckStatusFacts = {
  logicLevel: LogicLevel | null;
  /** SP_TEMP reading and range, or null when the alarm is off. */
  temperature: RangeReading | null;
  /** SP_HUMID reading and range, or null when the alarm is off. */
  humidity: RangeReading | null;
  water: number | null;
  batteryLevel: number | null;
};

export type PuckStatus = CombinedStatus & {
  temperature: ReadingStatus | null;
  humidity: ReadingStatus | null;
  water: StatusLevel | null;
};

/** Evaluates a puck reading after dropping the 99.90 and 255 sentinels. */
function evaluatePuckReading(reading: RangeReading | null, now: Date): ReadingStatus | null {
  if (!reading) return null;
  return evaluateRangeReading({ ...reading, value: usablePuckReading(reading.value) }, now);
}

/**
 * A puck's status, green, yellow or red: only the sensors its logic level shows on status count;
 * temperature or humidity outside its range is red, within 5 units of a bound yellow; water and
 * battery as `evaluatePuckWater` (device-management §4).
 */
export function evaluatePuckStatus(facts: PuckStatusFacts, now: Date): PuckStatus {
  const shown = puckSensors(facts.logicLevel).statusSensors;
  const temperature = shown.includes('temperature')
    ? evaluatePuckReading(facts.temperature, now)
    : null;
  const humidity = shown.includes('humidity') ? evaluatePuckReading(facts.humidity, now) : null;
  const water = shown.includes('water') ? evaluatePuckWater(facts.water, facts.batteryLevel) : null;
  return { ...combineStatus([temperature, humidity], [water]), temperature, humidity, water };
}
