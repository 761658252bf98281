import type { HistoryPeriod } from './history-periods';

/** A graph point: x is usually a timestamp in milliseconds (device-management §3). */
export type Point = { x: number; y: number };

/**
 * Largest-triangle-three-buckets downsampling (Sveinn Steinarsson, "Downsampling Time Series for
 * Visual Representation", University of Iceland, 2013), following his reference implementation
 * (flot-downsample). The first and last points are always kept; the points between are split
 * into `threshold - 2` buckets and from each the point is kept that makes the largest triangle
 * with the point kept before it and the average of the next bucket.
 *
 * Answers at most `threshold` points, or the input itself when there is nothing to do:
 * `threshold` at least the number of points, below 3 (first and last need two, and a bucket is
 * needed for a choice), or not a number. Points are expected in x order.
 */
export function downsampleLttb<P extends Point>(
  data: readonly P[],
  threshold: number,
): readonly P[] {
  const size = Math.floor(threshold);
  const length = data.length;
  if (!Number.isFinite(size) || size >= length || size < 3) return data;

  const first = data[0];
  const last = data[length - 1];
  if (!first || !last) return data;

  const bucketSize = (length - 2) / (size - 2);
  const sampled: P[] = [first];
  let a = first;

  for (let bucket = 0; bucket < size - 2; bucket += 1) {
    // The average of the next bucket is the triangle's third corner; the last bucket's "next"
    // is the last point.
    const nextStart = Math.floor((bucket + 1) * bucketSize) + 1;
    const nextEnd = Math.min(Math.floor((bucket + 2) * bucketSize) + 1, length);
    let avgX = 0;
    let avgY = 0;
    for (let i = nextStart; i < nextEnd; i += 1) {
      const point = data[i] as P;
      avgX += point.x;
      avgY += point.y;
    }
    const nextCount = nextEnd - nextStart;
    avgX /= nextCount;
    avgY /= nextCount;

    const start = Math.floor(bucket * bucketSize) + 1;
    const end = Math.floor((bucket + 1) * bucketSize) + 1;
    let chosen = data[start] as P;
    let largestArea = -1;
    for (let i = start; i < end; i += 1) {
      const point = data[i] as P;
      // Twice the triangle's area; halving does not change which is largest.
      const area = Math.abs((a.x - avgX) * (point.y - a.y) - (a.x - point.x) * (avgY - a.y));
      if (area > largestArea) {
        largestArea = area;
        chosen = point;
      }
    }
    sampled.push(chosen);
    a = chosen;
  }

  sampled.push(last);
  return sampled;
}

/**
 * Graphs are downsampled above 100 points, 2000 for a month, 250 in the puck log
 * (device-management §9). Read here as the most points a graph keeps.
 */
export const GRAPH_POINT_LIMIT = 100;
export const MONTH_GRAPH_POINT_LIMIT = 2000;
export const PUCK_LOG_POINT_LIMIT = 250;

/** The most points a history graph keeps for a period (device-management §9). */
export function graphPointLimit(options: { period: HistoryPeriod; isPuckLog: boolean }): number {
  if (options.isPuckLog) return PUCK_LOG_POINT_LIMIT;
  return options.period === 'month' ? MONTH_GRAPH_POINT_LIMIT : GRAPH_POINT_LIMIT;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The longest span a week's graph covers, and the longest a month's (a 31-day month). */
export const WEEK_SPAN_MS = 7 * DAY_MS;
export const MONTH_SPAN_MS = 31 * DAY_MS;

/**
 * The period a graph of `fromMs` to `toMs` is drawn as, for its point limit: the server is given
 * a span, not the period's name. A span over 7 days and up to 31 (a calendar month of 28 to 31
 * days, or a custom range of that length) is read as a month and keeps 2000 points; a day, a week
 * or anything longer than 31 days (a year, a long custom range) keeps 100 (device-management §9).
 * A custom range of 8 to 31 days therefore draws as finely as a month, the nearest period to it.
 */
export function graphPeriodForSpan({
  fromMs,
  toMs,
}: {
  fromMs: number;
  toMs: number;
}): HistoryPeriod {
  const span = toMs - fromMs;
  return span > WEEK_SPAN_MS && span <= MONTH_SPAN_MS ? 'month' : 'custom';
}

/** The most points a graph of a span keeps: `graphPointLimit` of its period (device-management §9). */
export function graphPointLimitForSpan(options: {
  fromMs: number;
  toMs: number;
  isPuckLog: boolean;
}): number {
  return graphPointLimit({ period: graphPeriodForSpan(options), isPuckLog: options.isPuckLog });
}
