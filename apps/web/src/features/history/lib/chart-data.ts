import type { AlarmSpell, GraphPoint } from '@monitor/contract/history';
import type { z } from 'zod';

type Point = z.infer<typeof GraphPoint>;
type Spell = z.infer<typeof AlarmSpell>;

export type AlignedSeries = {
  x: number[];
  temperature: (number | null)[];
  humidity: (number | null)[];
};

/**
 * One time axis for two series, as uPlot draws them: the server downsamples temperature and
 * humidity apart (LTTB keeps each series' own turning points), so their times differ; a time only
 * one series has leaves a gap in the other, which the graph spans.
 */
export function alignSeries(
  temperature: readonly Point[],
  humidity: readonly Point[],
): AlignedSeries {
  const aligned: AlignedSeries = { x: [], temperature: [], humidity: [] };
  let t = 0;
  let h = 0;
  while (t < temperature.length || h < humidity.length) {
    const tPoint = temperature[t];
    const hPoint = humidity[h];
    const at = Math.min(tPoint ? tPoint[0] : Infinity, hPoint ? hPoint[0] : Infinity);
    aligned.x.push(at);
    if (tPoint && tPoint[0] === at) {
      aligned.temperature.push(tPoint[1]);
      t += 1;
    } else aligned.temperature.push(null);
    if (hPoint && hPoint[0] === at) {
      aligned.humidity.push(hPoint[1]);
      h += 1;
    } else aligned.humidity.push(null);
  }
  return aligned;
}

/** 5.01 means OFF, 5 On (device-management §9). */
export const POWER_ON_VALUE = 5;
export const POWER_OFF_VALUE = 5.01;

export const isPowerOff = (value: number) => Math.abs(value - POWER_OFF_VALUE) < 0.005;

export type PowerSeries = { x: number[]; on: (number | null)[]; off: (number | null)[] };

/**
 * The power graph's two lines at 5 on a 0–10 axis: On and OFF drawn in their own colours, since
 * 5 and 5.01 cannot be told apart by height (device-management §9). A point joins the line of the
 * state it starts, so a change shows where it happened.
 */
export function splitPower(points: readonly Point[]): PowerSeries {
  const series: PowerSeries = { x: [], on: [], off: [] };
  points.forEach(([at, value], index) => {
    const isOff = isPowerOff(value);
    const previous = points[index - 1];
    const wasOff = previous ? isPowerOff(previous[1]) : isOff;
    series.x.push(at);
    series.on.push(!isOff || !wasOff ? POWER_ON_VALUE : null);
    series.off.push(isOff || wasOff ? POWER_ON_VALUE : null);
  });
  return series;
}

/** How long the power was off in the period, summing each OFF reading until the next reading. */
export function powerOffMs(points: readonly Point[], periodEnd: number): number {
  let total = 0;
  points.forEach(([at, value], index) => {
    if (!isPowerOff(value)) return;
    const next = points[index + 1];
    total += Math.max(0, Math.min(next ? next[0] : periodEnd, periodEnd) - at);
  });
  return total;
}

/** '2 h 15 min', '40 min'. */
export function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** Graph times are milliseconds (device-management §3); a spell given in unix seconds is read as such. */
const SECONDS_LIMIT = 100_000_000_000;
const toMs = (value: number) => (value < SECONDS_LIMIT ? value * 1000 : value);

export type ShadedSpan = { from: number; to: number; alarmType: Spell['AlarmType'] };

/** The time of the period's newest reading of any series, or null when it has none. */
export function lastReadingAt(...series: (readonly Point[])[]): number | null {
  const times = series.flatMap((points) => points.slice(-1).map(([at]) => at));
  return times.length === 0 ? null : Math.max(...times);
}

/**
 * The alarm spells to shade, cut to the period. A spell still open runs to the last reading, not
 * to the period's end: what comes after has not been measured yet (issue #24).
 * Power spells belong to the power graph, the rest to the temperature and humidity graph.
 */
export function spellsToShade(
  spells: readonly Spell[],
  window: { from: number; to: number },
  graph: 'readings' | 'power',
  lastReadAt: number | null,
): ShadedSpan[] {
  return spells
    .filter((spell) => (spell.AlarmType === 'POWER') === (graph === 'power'))
    .map((spell) => ({
      alarmType: spell.AlarmType,
      from: Math.max(window.from, toMs(spell.from)),
      to: Math.min(window.to, spell.to === null ? (lastReadAt ?? window.from) : toMs(spell.to)),
    }))
    .filter((span) => span.to > span.from);
}
