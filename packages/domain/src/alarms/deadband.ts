import {
  isHumiditySensor,
  isTemperatureSensor,
  type SensorType,
  type StoredRange,
} from './alarm-points';
import { roundTo, type TempPref } from '../shared/temperature';

/**
 * Deadband (hysteresis) and alarm delay on an alarm point (issue #23, decision 059). An alarm
 * clears only once the reading is back inside the range by the deadband, so a reading hovering
 * at a limit does not send alarm after all-clear; it rises only once the breach has lasted the
 * delay. A deadband is stored in the range's unit, °F or %RH; null is the sensor's default.
 */

/** Default deadbands in the unit the owner reads: 1 °F or 0.5 °C, and 2 %RH. */
export const DEFAULT_DEADBAND: Readonly<{
  temperature: Readonly<Record<TempPref, number>>;
  humidity: number;
}> = { temperature: { F: 1, C: 0.5 }, humidity: 2 };

/** The widest deadband, in the stored unit (°F, %RH); 0 turns the deadband off (migration 031). */
export const MAX_STORED_DEADBAND = 50;

/** The widest deadband one may enter, per unit: 50 °F is 27.7 °C, rounded down to stay within 50 °F. */
export const DEADBAND_ENTRY_LIMITS: Readonly<Record<TempPref | 'RH', number>> = {
  F: MAX_STORED_DEADBAND,
  C: Math.floor(((MAX_STORED_DEADBAND * 5) / 9) * 10) / 10,
  RH: MAX_STORED_DEADBAND,
};

/** Deadbands are stored and shown to two decimals: a tenth of a degree is finer than a reading. */
export const DEADBAND_DECIMALS = 2;

/** How long a breach must last before the alarm rises: minutes or readings, 0 at once. */
export const DELAY_LIMITS: Readonly<{ minutes: number; readings: number }> = {
  minutes: 1440,
  readings: 100,
};

/** Temperature and humidity have a deadband; power, water and motion are on or off, with none. */
export function hasDeadband(sensorType: SensorType): boolean {
  return isTemperatureSensor(sensorType) || isHumiditySensor(sensorType);
}

/** A temperature difference in °C as °F: a difference scales by 9/5, with no 32° offset. */
export function celsiusDeadbandToFahrenheit(value: number): number {
  return (value * 9) / 5;
}

/** A temperature difference in °F as °C: × 5/9, with no offset. */
export function fahrenheitDeadbandToCelsius(value: number): number {
  return (value * 5) / 9;
}

/** The default deadband as stored: 1 °F, or 0.9 °F (0.5 °C) for an owner who reads °C; 2 %RH; else 0. */
export function defaultDeadband(sensorType: SensorType, tempPref: TempPref): number {
  if (isTemperatureSensor(sensorType)) {
    const inOwnerUnit = DEFAULT_DEADBAND.temperature[tempPref];
    return tempPref === 'C'
      ? roundTo(celsiusDeadbandToFahrenheit(inOwnerUnit), DEADBAND_DECIMALS)
      : inOwnerUnit;
  }
  return isHumiditySensor(sensorType) ? DEFAULT_DEADBAND.humidity : 0;
}

/**
 * The deadband the alarm engine applies, in the stored unit (°F, %RH): the stored one, or the
 * sensor's default for this owner's unit when none is stored; always 0 for power, water and motion.
 */
export function effectiveDeadband(
  sensorType: SensorType,
  storedDeadband: number | null,
  tempPref: TempPref,
): number {
  if (!hasDeadband(sensorType)) return 0;
  return storedDeadband ?? defaultDeadband(sensorType, tempPref);
}

/** A stored deadband in the unit the user reads: °C for a temperature read in Celsius, to two decimals. */
export function deadbandForDisplay(sensorType: SensorType, stored: number, unit: TempPref): number {
  const shown =
    isTemperatureSensor(sensorType) && unit === 'C' ? fahrenheitDeadbandToCelsius(stored) : stored;
  return roundTo(shown, DEADBAND_DECIMALS);
}

/**
 * A deadband entered in the user's unit as it is stored (°F, %RH). An entry still as it was shown
 * for the stored value keeps the stored value: 1 °F shows as 0.56 °C, which would save back as
 * 1.01 °F.
 */
export function deadbandForStorage(
  sensorType: SensorType,
  entered: number,
  unit: TempPref,
  before: number | null = null,
): number {
  if (before !== null && deadbandForDisplay(sensorType, before, unit) === entered) return before;
  const stored =
    isTemperatureSensor(sensorType) && unit === 'C'
      ? celsiusDeadbandToFahrenheit(entered)
      : entered;
  return roundTo(stored, DEADBAND_DECIMALS);
}

/** The unit a sensor's deadband is entered in: the user's for temperature, %RH for humidity. */
export function deadbandUnit(sensorType: SensorType, unit: TempPref): TempPref | 'RH' {
  return isTemperatureSensor(sensorType) ? unit : 'RH';
}

export type DeadbandProblem = 'no-deadband' | 'not-a-number' | 'out-of-limits' | 'too-wide';

export type DeadbandCheck =
  { isValid: true; stored: number | null } | { isValid: false; reason: DeadbandProblem };

/**
 * Checks a deadband entered in the user's unit (null: back to the default) against the sensor and
 * the range it will apply to (stored units), and answers it as stored. Refused: any deadband on
 * power, water or motion; one below 0 or over the limit; and one of half the range or more, for
 * then no reading could clear the alarm. A default deadband is not held to the range.
 */
export function checkDeadband(
  sensorType: SensorType,
  entered: number | null,
  {
    unit,
    range,
    before = null,
  }: { unit: TempPref; range: StoredRange | null; before?: number | null },
): DeadbandCheck {
  if (entered === null) return { isValid: true, stored: null };
  if (!hasDeadband(sensorType)) return { isValid: false, reason: 'no-deadband' };
  if (!Number.isFinite(entered)) return { isValid: false, reason: 'not-a-number' };
  if (entered < 0 || entered > DEADBAND_ENTRY_LIMITS[deadbandUnit(sensorType, unit)]) {
    return { isValid: false, reason: 'out-of-limits' };
  }
  const stored = Math.min(
    deadbandForStorage(sensorType, entered, unit, before),
    MAX_STORED_DEADBAND,
  );
  if (isDeadbandTooWide(stored, range)) return { isValid: false, reason: 'too-wide' };
  return { isValid: true, stored };
}

/** Whether a stored deadband is half its range or more, which no reading could clear; 0 is off. */
export function isDeadbandTooWide(stored: number, range: StoredRange | null): boolean {
  if (stored === 0 || range === null) return false;
  return stored >= (range.rangeMax - range.rangeMin) / 2;
}

/** Why a deadband was refused, in the words the user reads; `range` as stored, for the half-range rule. */
export function deadbandProblemMessage(
  reason: DeadbandProblem,
  {
    sensorType,
    unit,
    range,
  }: { sensorType: SensorType; unit: TempPref; range: StoredRange | null },
): string {
  const entryUnit = deadbandUnit(sensorType, unit);
  const suffix = entryUnit === 'RH' ? ' %RH' : ` °${entryUnit}`;
  switch (reason) {
    case 'no-deadband':
      return 'Power, water and motion alarms have no deadband; leave it empty.';
    case 'not-a-number':
      return 'Enter the deadband as a number, or leave it empty for the default.';
    case 'out-of-limits':
      return `The deadband must be between 0 and ${DEADBAND_ENTRY_LIMITS[entryUnit]}${suffix}.`;
    case 'too-wide': {
      const half = range ? (range.rangeMax - range.rangeMin) / 2 : 0;
      return `The deadband must be less than half the range (${deadbandForDisplay(sensorType, half, unit)}${suffix}), or no reading could clear the alarm.`;
    }
  }
}

export type AlarmDelay = { minutes: number; readings: number };

export type DelayProblem = 'minutes' | 'readings';

/** Checks an alarm delay: whole minutes 0 to 1440 and whole readings 0 to 100; null when valid. */
export function checkAlarmDelay({ minutes, readings }: AlarmDelay): DelayProblem | null {
  const isWithin = (value: number, max: number) =>
    Number.isInteger(value) && value >= 0 && value <= max;
  if (!isWithin(minutes, DELAY_LIMITS.minutes)) return 'minutes';
  if (!isWithin(readings, DELAY_LIMITS.readings)) return 'readings';
  return null;
}

/** Why a delay was refused, in the words the user reads. */
export function delayProblemMessage(problem: DelayProblem): string {
  return `The delay must be a whole number of ${problem} from 0 to ${DELAY_LIMITS[problem]}.`;
}
