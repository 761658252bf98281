import {
  isHumiditySensor,
  isTemperatureSensor,
  type SensorType,
  type StoredRange,
} from './alarm-points';
import { isNistDevice, isProDevice, type DeviceType } from '../devices/device-types';
import {
  fahrenheit,
  toStoredFahrenheit,
  toStoredFromEntry,
  type TempPref,
} from '../shared/temperature';

/** The three device families whose temperature ranges differ (device-management §1, §4, §5). */
export type TemperatureModel = 'basic' | 'pro' | 'nist';

/**
 * The range family of a device type: NIST 8–10, PRO by the wider list (the range settings are not
 * the dashboard), basic otherwise, types the spec does not place included (device-management §4).
 */
export function temperatureModelOf(deviceType: DeviceType): TemperatureModel {
  if (isNistDevice(deviceType)) return 'nist';
  if (isProDevice(deviceType, 'general')) return 'pro';
  return 'basic';
}

/** A closed interval [min, max]. */
export type Bounds = { min: number; max: number };

/** Default device alarm ranges, °F and %RH (accounts-devices-billing §9, device-management §9). */
export const DEFAULT_TEMPERATURE_RANGE: Readonly<Bounds> = { min: 40, max: 85 };
export const DEFAULT_HUMIDITY_RANGE: Readonly<Bounds> = { min: 10, max: 70 };
export const DEFAULT_WATER_RANGE: Readonly<Bounds> = { min: 0, max: 0 };

/**
 * The temperature range the add-device wizard and the puck wizard start from, in °F
 * (accounts-devices-billing §9 "default low and high temperatures are 40 and 80",
 * device-management §9 "40 to 80 (puck wizard)").
 */
export const WIZARD_TEMPERATURE_RANGE: Readonly<Bounds> = { min: 40, max: 80 };

/** Where a default range is asked for: a saved device, or one of the two wizards. */
export type RangeContext = 'device' | 'wizard';

/**
 * The default alarm range for a sensor, as stored (°F for temperature). Power and motion have
 * no range in the spec, so they answer null.
 */
export function defaultAlarmRange(sensorType: SensorType, context: RangeContext): Bounds | null {
  if (isTemperatureSensor(sensorType)) {
    return { ...(context === 'wizard' ? WIZARD_TEMPERATURE_RANGE : DEFAULT_TEMPERATURE_RANGE) };
  }
  if (isHumiditySensor(sensorType)) return { ...DEFAULT_HUMIDITY_RANGE };
  if (sensorType === 'WATER') return { ...DEFAULT_WATER_RANGE };
  return null;
}

/** Limits for a temperature typed by hand, per unit (device-management §5, accounts-devices-billing §5). */
export const MANUAL_TEMPERATURE_LIMITS: Readonly<Record<TempPref, Readonly<Bounds>>> = {
  F: { min: -999, max: 999 },
  C: { min: -573, max: 537 },
};

/** Temperature slider ends per model and unit (device-management §5 "Slider limits"). */
export const SLIDER_TEMPERATURE_LIMITS: Readonly<
  Record<TemperatureModel, Readonly<Record<TempPref, Readonly<Bounds>>>>
> = {
  basic: { F: { min: 0, max: 100 }, C: { min: -17, max: 37 } },
  pro: { F: { min: -20, max: 100 }, C: { min: -28, max: 37 } },
  nist: { F: { min: -20, max: 100 }, C: { min: -28, max: 37 } },
};

/**
 * The lowest temperature each model takes, per unit (device-management §5 "Minimum temperature").
 * PRO is -29 °C here but -28 °C on the slider: both are the spec's (SPEC-NOTES.md).
 */
export const MINIMUM_TEMPERATURE: Readonly<
  Record<TemperatureModel, Readonly<Record<TempPref, number>>>
> = {
  basic: { F: 0, C: -17 },
  pro: { F: -20, C: -29 },
  nist: { F: -67, C: -55 },
};

/**
 * What each model's temperature sensor reads, in °F: from its minimum temperature
 * (device-management §5) up to 100 °F, where every model's slider ends; the spec gives no other
 * top (SPEC-NOTES.md). A range end beyond these is accepted (the manual limits are wider) but
 * can never raise an alarm.
 */
export const SENSOR_TEMPERATURE_READINGS: Readonly<Record<TemperatureModel, Readonly<Bounds>>> = {
  basic: { min: MINIMUM_TEMPERATURE.basic.F, max: 100 },
  pro: { min: MINIMUM_TEMPERATURE.pro.F, max: 100 },
  nist: { min: MINIMUM_TEMPERATURE.nist.F, max: 100 },
};

/**
 * Which ends of a temperature range, stored in °F, lie beyond what the model's sensor reads:
 * a reading can never fall below such a low end or above such a high end, so it never alarms.
 */
export function findUnreachableRangeEnds(
  range: { rangeMin: number | null; rangeMax: number | null },
  model: TemperatureModel,
): { isLowUnreachable: boolean; isHighUnreachable: boolean } {
  const readings = SENSOR_TEMPERATURE_READINGS[model];
  return {
    isLowUnreachable: range.rangeMin !== null && range.rangeMin < readings.min,
    isHighUnreachable: range.rangeMax !== null && range.rangeMax > readings.max,
  };
}

/**
 * Where the temperature slider starts before a range is loaded, in °F: 0 to 100, or -40 to 100
 * for a PRO device (device-management §9). NIST is grouped with PRO as §5 groups it.
 */
export const SLIDER_DEFAULT_RANGE: Readonly<Record<TemperatureModel, Readonly<Bounds>>> = {
  basic: { min: 0, max: 100 },
  pro: { min: -40, max: 100 },
  nist: { min: -40, max: 100 },
};

/** Humidity is a percentage; the spec gives no other bounds (SPEC-NOTES.md). */
export const HUMIDITY_LIMITS: Readonly<Bounds> = { min: 0, max: 100 };

export type RangeProblem = 'not-a-number' | 'out-of-limits' | 'min-above-max';

export type TemperatureEntry =
  | { isValid: true; stored: number }
  | { isValid: false; reason: Exclude<RangeProblem, 'min-above-max'>; limits: Bounds };

function readNumber(value: number | string): number {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? Number.NaN : Number(value);
}

/**
 * Checks a temperature typed by hand in the user's unit against the manual limits and answers
 * it as stored, in °F (device-management §5).
 */
export function checkTemperatureEntry(value: number | string, unit: TempPref): TemperatureEntry {
  const limits = { ...MANUAL_TEMPERATURE_LIMITS[unit] };
  const number = readNumber(value);
  if (!Number.isFinite(number)) return { isValid: false, reason: 'not-a-number', limits };
  if (number < limits.min || number > limits.max) {
    return { isValid: false, reason: 'out-of-limits', limits };
  }
  return { isValid: true, stored: toStoredFahrenheit(number, unit) };
}

export type AlarmRangeCheck =
  { isValid: true; stored: StoredRange } | { isValid: false; reason: RangeProblem };

/**
 * Checks an alarm range entered in the user's unit and answers it as stored: temperatures
 * within the manual limits and converted to °F, humidity within 0–100, and the low end not
 * above the high end (equal ends are allowed: water is 0 to 0). With the range as stored before,
 * an end still as it was shown keeps its stored value, so a range saved unchanged never moves.
 */
export function checkAlarmRange(
  sensorType: SensorType,
  entered: { rangeMin: number | string; rangeMax: number | string },
  unit: TempPref,
  before: StoredRange | null = null,
): AlarmRangeCheck {
  const min = readNumber(entered.rangeMin);
  const max = readNumber(entered.rangeMax);
  if (!Number.isFinite(min) || !Number.isFinite(max)) {
    return { isValid: false, reason: 'not-a-number' };
  }
  const limits = isTemperatureSensor(sensorType)
    ? MANUAL_TEMPERATURE_LIMITS[unit]
    : isHumiditySensor(sensorType)
      ? HUMIDITY_LIMITS
      : null;
  if (limits && (min < limits.min || max > limits.max || max < limits.min || min > limits.max)) {
    return { isValid: false, reason: 'out-of-limits' };
  }
  if (min > max) return { isValid: false, reason: 'min-above-max' };
  if (!isTemperatureSensor(sensorType))
    return { isValid: true, stored: { rangeMin: min, rangeMax: max } };
  return {
    isValid: true,
    stored: {
      rangeMin: toStoredFromEntry(min, unit, before && fahrenheit(before.rangeMin)),
      rangeMax: toStoredFromEntry(max, unit, before && fahrenheit(before.rangeMax)),
    },
  };
}
