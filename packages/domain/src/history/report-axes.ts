import { findDeviceModel, type DeviceType } from '../devices/device-types';
import type { TempPref } from '../shared/temperature';

/**
 * The value axes of the history graphs (device-management §9 "Graphs"): the temperature axis by
 * model and unit, widened to the data with a margin of 5, and the axis the web app shares
 * between temperature and humidity.
 */

export type AxisRange = { min: number; max: number };

/** The temperature axis in °F: basic 0 to 120, PRO and NIST -40 to 120 (device-management §9). */
export const FAHRENHEIT_BASIC_AXIS: AxisRange = { min: 0, max: 120 };
export const FAHRENHEIT_PRO_AXIS: AxisRange = { min: -40, max: 120 };
/** The temperature axis in °C, every model: -17 to 48 (device-management §9). */
export const CELSIUS_AXIS: AxisRange = { min: -17, max: 48 };

/** Plots keep 5 units beyond the data (device-management §9 "plot margins 5 beyond data"). */
export const PLOT_MARGIN = 5;

/** The range of a series' values, null without any. */
export function findValueRange(values: Iterable<number>): AxisRange | null {
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    if (!Number.isFinite(value)) continue;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return min <= max ? { min, max } : null;
}

/**
 * Widens `axis` so the data fits with the margin: an end the data passes moves to the data's
 * extreme plus 5, to the whole unit outside it (device-management §9). Data inside the axis
 * leaves it as it is.
 */
export function widenAxisToData(axis: AxisRange, data: AxisRange | null): AxisRange {
  if (!data) return { ...axis };
  return {
    min: data.min < axis.min ? Math.floor(data.min - PLOT_MARGIN) : axis.min,
    max: data.max > axis.max ? Math.ceil(data.max + PLOT_MARGIN) : axis.max,
  };
}

/**
 * A unit's temperature axis in the caller's unit (device-management §9): °F 0 to 120 for a basic
 * model, -40 to 120 for PRO and NIST; °C -17 to 48; widened to readings outside it with a margin
 * of 5. `data` is the readings' range in the same unit.
 */
export function computeTemperatureAxis({
  deviceType,
  tempPref,
  data,
}: {
  deviceType: DeviceType;
  tempPref: TempPref;
  data: AxisRange | null;
}): AxisRange {
  const base =
    tempPref === 'C'
      ? CELSIUS_AXIS
      : findDeviceModel(deviceType, 'general') === 'basic'
        ? FAHRENHEIT_BASIC_AXIS
        : FAHRENHEIT_PRO_AXIS;
  return widenAxisToData(base, data);
}

/** The axis temperature and humidity share when both are shown: 0 to 100 (device-management §9). */
export const SHARED_AXIS: AxisRange = { min: 0, max: 100 };
export const SHARED_AXIS_STEP = 25;
/** One series alone is ticked every 10 and padded by 5 (device-management §9). */
export const SINGLE_SERIES_STEP = 10;
export const SINGLE_SERIES_PADDING = 5;
/** Humidity is a percentage: its own axis when shown alone. */
export const HUMIDITY_AXIS: AxisRange = { min: 0, max: 100 };

/** A value axis as the web app draws it: ticks every `step` from `min` to `max`, `padding` beyond. */
export type ValueAxis = AxisRange & { step: number; padding: number };

/**
 * The web graph's value axis (device-management §9): with temperature and humidity both shown,
 * 0 to 100 ticked every 25; with one, that series' axis (the temperature axis above, or humidity
 * 0 to 100) ticked every 10 and padded by 5. Data outside the axis widens it as everywhere
 * (`widenAxisToData`); the ends are then moved out to whole steps so the ticks meet them.
 */
export function computeValueAxis({
  isTemperatureShown,
  isHumidityShown,
  temperatureAxis,
  data,
}: {
  isTemperatureShown: boolean;
  isHumidityShown: boolean;
  /** The temperature axis from `computeTemperatureAxis`. */
  temperatureAxis: AxisRange;
  /** The range of every shown value, in the caller's unit. */
  data: AxisRange | null;
}): ValueAxis {
  const isShared = isTemperatureShown && isHumidityShown;
  const base = isShared ? SHARED_AXIS : isTemperatureShown ? temperatureAxis : HUMIDITY_AXIS;
  const step = isShared ? SHARED_AXIS_STEP : SINGLE_SERIES_STEP;
  const widened = widenAxisToData(base, data);
  return {
    min: widened.min === base.min ? base.min : Math.floor(widened.min / step) * step,
    max: widened.max === base.max ? base.max : Math.ceil(widened.max / step) * step,
    step,
    padding: isShared ? 0 : SINGLE_SERIES_PADDING,
  };
}
