import type { TimeTick } from '@monitor/domain/history/history-periods';
import {
  formatLocalHour,
  formatLocalMonth,
  formatLocalShortDate,
  formatLocalTime,
  toLocalClock,
} from './local-time';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Room one label needs on the time axis, in CSS pixels. */
const LABEL_WIDTH_PX = 64;

/**
 * Tick times (ms) of the graph's time axis in the device's zone: every hour for one day, every
 * local midnight up to 31 days, the first of every month beyond (device-management §9).
 */
export function buildTimeTicks(
  window: { from: Date; to: Date },
  tick: TimeTick,
  gmtOffsetHours: number,
): number[] {
  const from = window.from.getTime();
  const to = window.to.getTime();
  const shift = gmtOffsetHours * HOUR_MS;
  const ticks: number[] = [];
  if (tick === 'hour' || tick === 'day') {
    const step = tick === 'hour' ? HOUR_MS : DAY_MS;
    for (let at = Math.ceil((from + shift) / step) * step - shift; at <= to; at += step) {
      ticks.push(at);
    }
    return ticks;
  }
  const local = toLocalClock(from, gmtOffsetHours);
  let year = local.getUTCFullYear();
  let month = local.getUTCMonth();
  if (local.getUTCDate() !== 1 || local.getTime() % DAY_MS !== 0) month += 1;
  for (;;) {
    const at = Date.UTC(year, month, 1) - shift;
    if (at > to) return ticks;
    ticks.push(at);
    month += 1;
    if (month > 11) {
      month = 0;
      year += 1;
    }
  }
}

/** Label steps that divide a day's hours and a year's months evenly. */
const NICE_STEPS = [1, 2, 3, 4, 6, 12];

/** How many ticks share one label so labels do not overlap at this width: a step that reads evenly. */
export function labelEvery(tickCount: number, widthPx: number): number {
  const room = Math.max(1, Math.floor(widthPx / LABEL_WIDTH_PX));
  const needed = Math.max(1, Math.ceil(tickCount / room));
  return NICE_STEPS.find((step) => step >= needed) ?? needed;
}

/** A tick's label: '3 PM' hourly, 'Nov 23' daily, 'Nov 2026' monthly; 'h:mm A' when zoomed in. */
export function formatTick(at: number, tick: TimeTick | 'minute', gmtOffsetHours: number): string {
  switch (tick) {
    case 'minute':
      return formatLocalTime(at, gmtOffsetHours);
    case 'hour':
      return formatLocalHour(at, gmtOffsetHours);
    case 'day':
      return formatLocalShortDate(at, gmtOffsetHours);
    case 'month':
      return formatLocalMonth(at, gmtOffsetHours);
  }
}
