import {
  isTemperatureSensor,
  type SensorType,
  type StoredRange,
} from '@monitor/domain/alarm-points';
import {
  checkAlarmRange,
  HUMIDITY_LIMITS,
  MANUAL_TEMPERATURE_LIMITS,
  MINIMUM_TEMPERATURE,
  SLIDER_TEMPERATURE_LIMITS,
  type Bounds,
  type TemperatureModel,
} from '@monitor/domain/alarm-ranges';
import type { TempPref } from '@monitor/domain/temperature';

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

export type RangeEntryResult =
  { isValid: true; stored: StoredRange } | { isValid: false; message: string };

/**
 * Checks a range entered in the user's unit: the manual limits (-999 to 999 °F, -573 to 537 °C,
 * humidity 0 to 100), the model's minimum temperature (basic 0 °F / -17 °C, PRO -20 °F / -29 °C,
 * NIST -67 °F / -55 °C) and low not above high; answers it as stored, in °F (device-management §5).
 * The wording of the refusals is ours: the spec quotes none.
 */
export function checkRangeEntry(
  sensorType: SensorType,
  entered: { rangeMin: number | string; rangeMax: number | string },
  { model, unit }: { model: TemperatureModel; unit: TempPref },
): RangeEntryResult {
  const isTemperature = isTemperatureSensor(sensorType);
  const check = checkAlarmRange(sensorType, entered, unit);
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
  if (isTemperature && Number(entered.rangeMin) < minimum) {
    return {
      isValid: false,
      message: `The lowest temperature this model takes is ${minimum}°${unit}.`,
    };
  }
  return { isValid: true, stored: check.stored };
}
