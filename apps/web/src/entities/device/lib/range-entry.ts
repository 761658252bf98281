import {
  alarmRangeForDisplay,
  isTemperatureSensor,
  type SensorType,
  type StoredRange,
} from '@monitor/domain/alarms/alarm-points';
import {
  checkAlarmRange,
  HUMIDITY_LIMITS,
  MANUAL_TEMPERATURE_LIMITS,
  MINIMUM_TEMPERATURE,
  SLIDER_TEMPERATURE_LIMITS,
  type Bounds,
  type TemperatureModel,
} from '@monitor/domain/alarms/alarm-ranges';
import { ENTRY_TEMPERATURE_DECIMALS, type TempPref } from '@monitor/domain/shared/temperature';

/** Where the range slider ends for a sensor, model and unit (device-management §5 "Slider limits"). */
export function sliderLimits(
  sensorType: SensorType,
  model: TemperatureModel,
  unit: TempPref,
): Bounds {
  return isTemperatureSensor(sensorType) ? SLIDER_TEMPERATURE_LIMITS[model][unit] : HUMIDITY_LIMITS;
}

/** A value held within the slider's ends, so a hand-typed range beyond them still places the thumbs. */
export function clampToSlider(value: number, limits: Bounds): number {
  return Math.min(limits.max, Math.max(limits.min, value));
}

/**
 * A stored range as the user edits it: temperatures in their unit to one decimal, so 40 °F reads
 * 4.4 °C rather than a 4 °C that would save back as 39.2 °F (device-management §5).
 */
export function rangeEntryOf(sensorType: SensorType, stored: StoredRange, unit: TempPref) {
  return alarmRangeForDisplay(sensorType, stored, unit, ENTRY_TEMPERATURE_DECIMALS);
}

export type RangeEntryResult =
  { isValid: true; stored: StoredRange } | { isValid: false; message: string };

/**
 * Checks a range entered in the user's unit: the manual limits (-999 to 999 °F, -573 to 537 °C,
 * humidity 0 to 100), the model's minimum temperature (basic 0 °F / -17 °C, PRO -20 °F / -29 °C,
 * NIST -67 °F / -55 °C) and low not above high; answers it as stored, in °F (device-management §5).
 * With `before`, the range as stored, an end left as `rangeEntryOf` showed it keeps its stored
 * value, so a range saved unchanged never moves, and only a changed low end meets the minimum.
 * The wording of the refusals is ours: the spec quotes none.
 */
export function checkRangeEntry(
  sensorType: SensorType,
  entered: { rangeMin: number | string; rangeMax: number | string },
  {
    model,
    unit,
    before = null,
  }: { model: TemperatureModel; unit: TempPref; before?: StoredRange | null },
): RangeEntryResult {
  const isTemperature = isTemperatureSensor(sensorType);
  const check = checkAlarmRange(sensorType, entered, unit, before);
  if (!check.isValid) {
    switch (check.reason) {
      case 'not-a-number':
        return { isValid: false, message: 'Enter a number for both ends of the range.' };
      case 'out-of-limits': {
        const limits = isTemperature ? MANUAL_TEMPERATURE_LIMITS[unit] : HUMIDITY_LIMITS;
        const suffix = isTemperature ? `°${unit}` : '%';
        return {
          isValid: false,
          message: `Enter values from ${limits.min}${suffix} to ${limits.max}${suffix}.`,
        };
      }
      case 'min-above-max':
        return { isValid: false, message: 'The low end must not be above the high end.' };
    }
  }
  const minimum = MINIMUM_TEMPERATURE[model][unit];
  const isLowEndKept = before !== null && check.stored.rangeMin === before.rangeMin;
  if (isTemperature && !isLowEndKept && Number(entered.rangeMin) < minimum) {
    return {
      isValid: false,
      message: `The lowest temperature this model takes is ${minimum}°${unit}.`,
    };
  }
  return { isValid: true, stored: check.stored };
}
