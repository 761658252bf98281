import type { AlarmPoint } from '@monitor/contract/alarm-points';
import type { StoredRange } from '@monitor/domain/alarms/alarm-points';
import {
  checkAlarmDelay,
  checkDeadband,
  deadbandForDisplay,
  deadbandProblemMessage,
  delayProblemMessage,
  hasDeadband,
} from '@monitor/domain/alarms/deadband';
import type { TempPref } from '@monitor/domain/shared/temperature';

export type DelayUnit = 'minutes' | 'readings';

/**
 * The "Advanced" settings of an alarm point as typed (issue #23): the deadband in the user's unit
 * ('' is the default) and one delay, in minutes or in readings. A half-typed number stays a string.
 */
export type AdvancedEntry = {
  deadband: number | string;
  delay: number | string;
  delayUnit: DelayUnit;
};

/** What PUT /api/alarmpoints/{Id} is sent besides the range: only what changed, deadband in °F or %RH. */
export type AdvancedChanges = {
  deadband?: number | null;
  delayMinutes?: number;
  delayReadings?: number;
};

/** A stored point's settings as the user edits them: a delay in readings shows as readings. */
export function advancedEntryOf(point: AlarmPoint, unit: TempPref): AdvancedEntry {
  const sensorType = point.DeviceSensor.SensorType;
  const isInReadings = point.DelayReadings > 0 && point.DelayMinutes === 0;
  return {
    deadband: point.Deadband === null ? '' : deadbandForDisplay(sensorType, point.Deadband, unit),
    delay: isInReadings ? point.DelayReadings : point.DelayMinutes,
    delayUnit: isInReadings ? 'readings' : 'minutes',
  };
}

const readNumber = (value: number | string) =>
  typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);

export type AdvancedEntryResult =
  { isValid: true; changes: AdvancedChanges } | { isValid: false; message: string };

/**
 * Checks the advanced settings against the range they will apply to (as stored) with the
 * domain's rules, the server's own, and answers what changed as stored: a deadband left as shown
 * keeps its stored value, and a delay in one unit zeroes the other.
 */
export function checkAdvancedEntry(
  point: AlarmPoint,
  entry: AdvancedEntry,
  { unit, range }: { unit: TempPref; range: StoredRange },
): AdvancedEntryResult {
  const sensorType = point.DeviceSensor.SensorType;
  const changes: AdvancedChanges = {};
  if (hasDeadband(sensorType)) {
    const entered = entry.deadband === '' ? null : readNumber(entry.deadband);
    const check = checkDeadband(sensorType, entered, { unit, range, before: point.Deadband });
    if (!check.isValid) {
      return {
        isValid: false,
        message: deadbandProblemMessage(check.reason, { sensorType, unit, range }),
      };
    }
    if (check.stored !== point.Deadband) changes.deadband = check.stored;
  }
  const delay = entry.delay === '' ? 0 : readNumber(entry.delay);
  const minutes = entry.delayUnit === 'minutes' ? delay : 0;
  const readings = entry.delayUnit === 'readings' ? delay : 0;
  const problem = checkAlarmDelay({ minutes, readings });
  if (problem) return { isValid: false, message: delayProblemMessage(problem) };
  if (minutes !== point.DelayMinutes || readings !== point.DelayReadings) {
    changes.delayMinutes = minutes;
    changes.delayReadings = readings;
  }
  return { isValid: true, changes };
}
