import type { SensorStats } from '@monitor/contract/history';
import type { z } from 'zod';

export type ValueAxis = { min: number; max: number; step: number };

type Stats = z.infer<typeof SensorStats>;

const BOTH_SERIES_STEP = 25;
const ONE_SERIES_STEP = 10;
const HUMIDITY_PADDING = 5;

const floorTo = (value: number, step: number) => Math.floor(value / step) * step;
const ceilTo = (value: number, step: number) => Math.ceil(value / step) * step;

/**
 * The value axis of the temperature and humidity graph (device-management §9): with both series
 * shown, 0 to 100 in steps of 25 (widened by whole steps if the server's temperature axis reaches
 * past it, so no reading is cut off); temperature alone, the server's axisMin–axisMax (the §9 model
 * ranges and margins of 5) in steps of 10; humidity alone, its readings padded by 5 within 0–100,
 * in steps of 10.
 */
export function chooseValueAxis({
  showTemperature,
  showHumidity,
  axisMin,
  axisMax,
  humidity,
}: {
  showTemperature: boolean;
  showHumidity: boolean;
  axisMin: number;
  axisMax: number;
  humidity: Stats;
}): ValueAxis {
  if (showTemperature && showHumidity) {
    return {
      min: Math.min(0, floorTo(axisMin, BOTH_SERIES_STEP)),
      max: Math.max(100, ceilTo(axisMax, BOTH_SERIES_STEP)),
      step: BOTH_SERIES_STEP,
    };
  }
  if (showHumidity) {
    if (!humidity) return { min: 0, max: 100, step: ONE_SERIES_STEP };
    const min = Math.max(0, floorTo(humidity.min - HUMIDITY_PADDING, ONE_SERIES_STEP));
    const max = Math.min(100, ceilTo(humidity.max + HUMIDITY_PADDING, ONE_SERIES_STEP));
    return max > min ? { min, max, step: ONE_SERIES_STEP } : { min: 0, max: 100, step: 10 };
  }
  return axisMax > axisMin
    ? { min: axisMin, max: axisMax, step: ONE_SERIES_STEP }
    : { min: axisMin - 5, max: axisMin + 5, step: ONE_SERIES_STEP };
}

/** The axis's tick values: every multiple of the step between its ends. */
export function axisSplits(axis: ValueAxis): number[] {
  const splits: number[] = [];
  for (let value = ceilTo(axis.min, axis.step); value <= axis.max + 1e-9; value += axis.step) {
    splits.push(Math.round(value * 100) / 100);
  }
  return splits;
}
