import {
  checkAlarmRange,
  HUMIDITY_LIMITS,
  MANUAL_TEMPERATURE_LIMITS,
  type RangeProblem,
} from '@monitor/domain/alarms/alarm-ranges';
import { isTemperatureSensor, type StoredRange } from '@monitor/domain/alarms/alarm-points';
import {
  checkAlarmDelay,
  checkDeadband,
  deadbandProblemMessage,
  delayProblemMessage,
  hasDeadband,
  isDeadbandTooWide,
  type DeadbandCheck,
} from '@monitor/domain/alarms/deadband';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { badRequest } from '../../platform/errors';
import type { SensorType } from '../../platform/database/schema';

/** What PUT /api/alarmpoints/{Id} asks for; a deadband or delay left undefined keeps its value. */
export type AlarmPointSettingsRequest = {
  range: { rangeMin: number | string; rangeMax: number | string };
  /** The unit of the range and of a temperature's deadband. */
  unit: TempPref;
  deadband?: number | null;
  delayMinutes?: number;
  delayReadings?: number;
};

/** The settings an alarm point has now, as stored. */
export type StoredAlarmPointSettings = {
  sensor_type: SensorType;
  deadband: number | null;
  delay_minutes: number;
  delay_readings: number;
};

/** The settings to write, as stored: the range in °F for temperatures, the deadband in °F or %RH. */
export type CheckedAlarmPointSettings = {
  range_min: number;
  range_max: number;
  deadband: number | null;
  delay_minutes: number;
  delay_readings: number;
};

const refuse = (detail: string) =>
  badRequest(`${DEVICE_MANAGEMENT_MESSAGES.updateAlarmPointsFailed} ${detail}`);

/** Why a range was refused, after the catalogue's text (wording ours; limits from the domain, device-management §5). */
function rangeProblemDetail(reason: RangeProblem, sensorType: SensorType, unit: TempPref): string {
  switch (reason) {
    case 'not-a-number':
      return 'Enter a number for both ends of the range.';
    case 'min-above-max':
      return 'The low end must not be above the high end.';
    case 'out-of-limits': {
      if (!isTemperatureSensor(sensorType))
        return `Humidity must be between ${HUMIDITY_LIMITS.min} and ${HUMIDITY_LIMITS.max}.`;
      const limits = MANUAL_TEMPERATURE_LIMITS[unit];
      return `Temperature must be between ${limits.min} and ${limits.max} °${unit}.`;
    }
  }
}

/**
 * The deadband to store: the one asked for, checked against the new range; or the stored one,
 * which a narrower range may now make half the range or more (issue #23).
 */
function checkRequestedDeadband(
  stored: StoredAlarmPointSettings,
  request: AlarmPointSettingsRequest,
  range: StoredRange,
): DeadbandCheck {
  if (request.deadband !== undefined) {
    return checkDeadband(stored.sensor_type, request.deadband, {
      unit: request.unit,
      range,
      before: stored.deadband,
    });
  }
  const isKeptTooWide =
    stored.deadband !== null &&
    hasDeadband(stored.sensor_type) &&
    isDeadbandTooWide(stored.deadband, range);
  return isKeptTooWide
    ? { isValid: false, reason: 'too-wide' }
    : { isValid: true, stored: stored.deadband };
}

/**
 * Checks a change of an alarm point's settings and answers them as stored, or throws a 400 whose
 * words say what to fix: the range by the manual limits (device-management §5), the deadband and
 * delay by the rules of issue #23.
 */
export function checkAlarmPointSettings(
  stored: StoredAlarmPointSettings,
  request: AlarmPointSettingsRequest,
): CheckedAlarmPointSettings {
  const { sensor_type: sensorType } = stored;
  const range = checkAlarmRange(sensorType, request.range, request.unit);
  if (!range.isValid) throw refuse(rangeProblemDetail(range.reason, sensorType, request.unit));
  const deadband = checkRequestedDeadband(stored, request, range.stored);
  if (!deadband.isValid) {
    throw refuse(
      deadbandProblemMessage(deadband.reason, {
        sensorType,
        unit: request.unit,
        range: range.stored,
      }),
    );
  }
  const delay = {
    minutes: request.delayMinutes ?? stored.delay_minutes,
    readings: request.delayReadings ?? stored.delay_readings,
  };
  const delayProblem = checkAlarmDelay(delay);
  if (delayProblem) throw refuse(delayProblemMessage(delayProblem));
  return {
    range_min: range.stored.rangeMin,
    range_max: range.stored.rangeMax,
    deadband: deadband.stored,
    delay_minutes: delay.minutes,
    delay_readings: delay.readings,
  };
}
