import { describe, expect, it } from 'vitest';
import { computePeriodWindow } from '@monitor/domain/history/history-periods';
import { buildTimeTicks, formatTick, labelEvery } from './time-ticks';

const NOW = new Date('2026-11-23T15:00:00Z');
const EASTERN = -5;

describe('buildTimeTicks', () => {
  it('ticks every hour of a day, from local midnight (device-management §9)', () => {
    const day = computePeriodWindow({ period: 'day', now: NOW, gmtOffsetHours: EASTERN });
    const ticks = buildTimeTicks(day, 'hour', EASTERN);
    expect(ticks).toHaveLength(25);
    expect(formatTick(ticks[0]!, 'hour', EASTERN)).toBe('12 AM');
    expect(formatTick(ticks[15]!, 'hour', EASTERN)).toBe('3 PM');
  });

  it('ticks every local midnight of a week', () => {
    const week = computePeriodWindow({ period: 'week', now: NOW, gmtOffsetHours: EASTERN });
    const ticks = buildTimeTicks(week, 'day', EASTERN);
    expect(ticks.map((at) => formatTick(at, 'day', EASTERN))).toEqual([
      'Nov 22',
      'Nov 23',
      'Nov 24',
      'Nov 25',
      'Nov 26',
      'Nov 27',
      'Nov 28',
      'Nov 29',
    ]);
  });

  it('ticks the first of every month over 31 days (device-management §9)', () => {
    const range = { from: new Date('2026-03-10T05:00:00Z'), to: new Date('2026-06-20T05:00:00Z') };
    const ticks = buildTimeTicks(range, 'month', EASTERN);
    expect(ticks.map((at) => formatTick(at, 'month', EASTERN))).toEqual([
      'Apr 2026',
      'May 2026',
      'Jun 2026',
    ]);
    expect(new Date(ticks[0]!).toISOString()).toBe('2026-04-01T05:00:00.000Z');
  });

  it('ticks a year from its first month, in the zone of the device (Hawaii, GMT-10)', () => {
    const year = computePeriodWindow({ period: 'year', now: NOW, gmtOffsetHours: -10 });
    const ticks = buildTimeTicks(year, 'month', -10);
    expect(ticks).toHaveLength(13);
    expect(new Date(ticks[0]!).toISOString()).toBe('2026-01-01T10:00:00.000Z');
  });

  it('thins the labels to what the width holds, in steps that read evenly', () => {
    expect(labelEvery(25, 660)).toBe(3);
    expect(labelEvery(25, 340)).toBe(6);
    expect(labelEvery(8, 660)).toBe(1);
    expect(labelEvery(400, 660)).toBe(40);
  });

  it('shows zoomed times as h:mm A (device-management §9)', () => {
    expect(formatTick(Date.parse('2026-11-23T20:05:00Z'), 'minute', EASTERN)).toBe('3:05 PM');
  });
});
