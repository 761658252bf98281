import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  downsampleLttb,
  graphPeriodForSpan,
  graphPointLimit,
  graphPointLimitForSpan,
  GRAPH_POINT_LIMIT,
  MONTH_GRAPH_POINT_LIMIT,
  PUCK_LOG_POINT_LIMIT,
  type Point,
} from './downsample';

const points = (ys: readonly number[]): Point[] => ys.map((y, x) => ({ x, y }));

describe('downsampleLttb', () => {
  it('picks the points worked out by hand with Steinarsson’s reference algorithm (flot-downsample)', () => {
    // Six points to four: the first and last are kept and the four between make 2 buckets
    // of size (6 - 2) / (4 - 2) = 2: indices 1–2 and 3–4.
    //
    // Bucket 1: a = (0,0); the next bucket averages (3,2) and (4,9) to c = (3.5, 5.5).
    //   twice the area with (1,1): |(0-3.5)(1-0) - (0-1)(5.5-0)| = |-3.5 + 5.5| = 2
    //   twice the area with (2,6): |(0-3.5)(6-0) - (0-2)(5.5-0)| = |-21 + 11|  = 10
    //   → (2,6), which becomes a.
    // Bucket 2: a = (2,6); the next "bucket" is the last point, c = (5,0).
    //   twice the area with (3,2): |(2-5)(2-6) - (2-3)(0-6)| = |12 - 6|  = 6
    //   twice the area with (4,9): |(2-5)(9-6) - (2-4)(0-6)| = |-9 - 12| = 21
    //   → (4,9).
    const data = points([0, 1, 6, 2, 9, 0]);
    expect(downsampleLttb(data, 4)).toEqual([
      { x: 0, y: 0 },
      { x: 2, y: 6 },
      { x: 4, y: 9 },
      { x: 5, y: 0 },
    ]);
  });

  it('keeps a lone spike that an evenly spaced sample would drop', () => {
    const data = points([1, 1, 1, 1, 1, 1, 1, 40, 1, 1, 1, 1, 1, 1, 1, 1]);
    const sampled = downsampleLttb(data, 5);
    expect(sampled).toHaveLength(5);
    expect(sampled).toContainEqual({ x: 7, y: 40 });
  });

  it('keeps the caller’s objects, extra fields included', () => {
    const data = [0, 1, 2, 3, 4].map((x) => ({ x, y: x * x, alarm: x === 2 }));
    const sampled = downsampleLttb(data, 3);
    for (const point of sampled) expect(data).toContain(point);
  });

  it('returns the input itself when the threshold is at least its length or below 3', () => {
    const data = points([3, 1, 4, 1, 5]);
    expect(downsampleLttb(data, 5)).toBe(data);
    expect(downsampleLttb(data, 50)).toBe(data);
    expect(downsampleLttb(data, 2)).toBe(data);
    expect(downsampleLttb(data, 0)).toBe(data);
    expect(downsampleLttb(data, -1)).toBe(data);
    expect(downsampleLttb(data, Number.NaN)).toBe(data);
    expect(downsampleLttb([], 3)).toEqual([]);
  });

  it('reads a fractional threshold as its whole part', () => {
    expect(downsampleLttb(points([3, 1, 4, 1, 5, 9, 2]), 3.9)).toHaveLength(3);
  });

  const series = fc
    .array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 0, maxLength: 300 })
    .map(points);

  it('keeps the first and last points and never returns more than asked (threshold ≥ 3)', () => {
    fc.assert(
      fc.property(series, fc.integer({ min: 3, max: 400 }), (data, threshold) => {
        const sampled = downsampleLttb(data, threshold);
        expect(sampled.length).toBeLessThanOrEqual(threshold);
        expect(sampled.length).toBe(Math.min(threshold, data.length));
        if (data.length > 0) {
          expect(sampled[0]).toBe(data[0]);
          expect(sampled.at(-1)).toBe(data.at(-1));
        }
      }),
    );
  });

  it('answers points of the input in their order, each at most once', () => {
    fc.assert(
      fc.property(series, fc.integer({ min: 3, max: 400 }), (data, threshold) => {
        const indices = downsampleLttb(data, threshold).map((point) => data.indexOf(point));
        for (let i = 1; i < indices.length; i += 1) {
          expect(indices[i]!).toBeGreaterThan(indices[i - 1]!);
        }
      }),
    );
  });
});

describe('graphPointLimit', () => {
  it('downsamples graphs above 100 points, 2000 for a month, 250 in the puck log (device-management §9)', () => {
    expect(GRAPH_POINT_LIMIT).toBe(100);
    expect(MONTH_GRAPH_POINT_LIMIT).toBe(2000);
    expect(PUCK_LOG_POINT_LIMIT).toBe(250);
    expect(graphPointLimit({ period: 'day', isPuckLog: false })).toBe(100);
    expect(graphPointLimit({ period: 'year', isPuckLog: false })).toBe(100);
    expect(graphPointLimit({ period: 'month', isPuckLog: false })).toBe(2000);
    expect(graphPointLimit({ period: 'month', isPuckLog: true })).toBe(250);
  });
});

describe('graphPointLimitForSpan', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const limit = (days: number, isPuckLog = false) =>
    graphPointLimitForSpan({ fromMs: 1_000, toMs: 1_000 + days * DAY, isPuckLog });

  it('keeps 2000 points for a span over 7 days up to 31 and 100 otherwise (device-management §9)', () => {
    expect(limit(1)).toBe(100);
    expect(limit(7)).toBe(100);
    expect(limit(7.01)).toBe(2000);
    expect(limit(28)).toBe(2000);
    expect(limit(31)).toBe(2000);
    expect(limit(31.01)).toBe(100);
    expect(limit(365)).toBe(100);
    expect(graphPeriodForSpan({ fromMs: 0, toMs: 30 * DAY })).toBe('month');
    expect(graphPeriodForSpan({ fromMs: 0, toMs: DAY })).toBe('custom');
  });

  it('keeps 250 points for a puck whatever the span (device-management §9 "250 in the puck log")', () => {
    for (const days of [1, 7, 30, 365]) expect(limit(days, true)).toBe(250);
  });
});
