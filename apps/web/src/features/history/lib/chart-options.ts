import type uPlot from 'uplot';
import { chooseTimeTick, type TimeTick } from '@monitor/domain/history/history-periods';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { axisSplits, type ValueAxis } from './chart-axes';
import type { ShadedSpan } from './chart-data';
import { formatLocalMoment } from './local-time';
import { buildTimeTicks, formatTick, labelEvery } from './time-ticks';

/** Graph sizes (device-management §9): detail graphs 300 px high, at most 660 wide; power 60 high. */
export const CHART_HEIGHT_PX = 300;
export const CHART_MAX_WIDTH_PX = 660;
export const POWER_CHART_HEIGHT_PX = 60;

export const SERIES_COLOUR = { temperature: '#d9480f', humidity: '#1864ab' } as const;
const RANGE_FILL = { temperature: 'rgba(43, 138, 62, 0.10)', humidity: 'rgba(24, 100, 171, 0.08)' };
const SPELL_FILL = 'rgba(224, 49, 49, 0.16)';
const AXIS_STROKE = '#495057';
/** Both graphs keep their value axes equally wide, so their times line up. */
const Y_AXIS_PX = 48;
const Y_LABEL_PX = 24;
const GRID_STROKE = 'rgba(0, 0, 0, 0.07)';

export type ChartWindow = { from: number; to: number };
export type AlarmRange = { min: number; max: number };

/** Fills a value band across the plot (the alarm range). */
function fillValueBand(u: uPlot, range: AlarmRange, colour: string) {
  const top = u.valToPos(range.max, 'y', true);
  const bottom = u.valToPos(range.min, 'y', true);
  const { left, width, top: plotTop, height } = u.bbox;
  const y0 = Math.max(plotTop, Math.min(top, bottom));
  const y1 = Math.min(plotTop + height, Math.max(top, bottom));
  if (y1 <= y0) return;
  u.ctx.save();
  u.ctx.fillStyle = colour;
  u.ctx.fillRect(left, y0, width, y1 - y0);
  u.ctx.restore();
}

/** Fills time spans across the plot's height (alarm spells). */
function fillTimeSpans(u: uPlot, spans: readonly ShadedSpan[]) {
  const { top, height, left, width } = u.bbox;
  u.ctx.save();
  u.ctx.fillStyle = SPELL_FILL;
  for (const span of spans) {
    const x0 = Math.max(left, u.valToPos(span.from, 'x', true));
    const x1 = Math.min(left + width, u.valToPos(span.to, 'x', true));
    if (x1 > x0) u.ctx.fillRect(x0, top, Math.max(1, x1 - x0), height);
  }
  u.ctx.restore();
}

/** The time axis: ticks by the period (device-management §9), labels thinned to fit the width. */
function timeAxis(window: ChartWindow, gmtOffsetHours: number, widthPx: number): uPlot.Axis {
  const span = { from: new Date(window.from), to: new Date(window.to) };
  const tick: TimeTick = chooseTimeTick(span);
  const ticks = buildTimeTicks(span, tick, gmtOffsetHours);
  const every = labelEvery(ticks.length, widthPx);
  return {
    stroke: AXIS_STROKE,
    grid: { stroke: GRID_STROKE, width: 1 },
    ticks: { stroke: GRID_STROKE, width: 1 },
    splits: () => ticks,
    values: (_u, splits) =>
      splits.map((at, index) => (index % every === 0 ? formatTick(at, tick, gmtOffsetHours) : '')),
  };
}

const formatValue = (value: number | null, suffix: string) =>
  value === null || value === undefined ? '—' : `${Math.round(value * 10) / 10}${suffix}`;

/** The index of a series' newest value, or null when it has none. */
function newestIndex(values: ArrayLike<number | null | undefined>): number | null {
  for (let index = values.length - 1; index >= 0; index -= 1) {
    if (values[index] !== null && values[index] !== undefined) return index;
  }
  return null;
}

/**
 * A series' value for the legend: the hovered point's, or with nothing hovered the newest one,
 * so the legend reads the latest values rather than dashes (issue #24).
 */
function legendValue(u: uPlot, seriesIdx: number, idx: number | null): number | null {
  const values = u.data[seriesIdx] ?? [];
  const at = idx ?? newestIndex(values);
  return at === null ? null : (values[at] ?? null);
}

/**
 * The temperature and humidity graph (device-management §2, §9): one value axis chosen by
 * chooseValueAxis, the alarm ranges drawn as bands and alarm spells shaded beneath the lines.
 */
export function buildReadingsChartOptions({
  widthPx,
  window,
  gmtOffsetHours,
  unit,
  axis,
  showTemperature,
  showHumidity,
  temperatureRange,
  humidityRange,
  spells,
}: {
  widthPx: number;
  window: ChartWindow;
  gmtOffsetHours: number;
  unit: TempPref;
  axis: ValueAxis;
  showTemperature: boolean;
  showHumidity: boolean;
  temperatureRange: AlarmRange | null;
  humidityRange: AlarmRange | null;
  spells: readonly ShadedSpan[];
}): uPlot.Options {
  const splits = axisSplits(axis);
  const axisLabel = [showTemperature && `°${unit}`, showHumidity && '% RH']
    .filter(Boolean)
    .join(' / ');
  return {
    width: widthPx,
    height: CHART_HEIGHT_PX,
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: false, range: () => [window.from, window.to] },
      y: { range: () => [axis.min, axis.max] },
    },
    axes: [
      timeAxis(window, gmtOffsetHours, widthPx),
      {
        stroke: AXIS_STROKE,
        grid: { stroke: GRID_STROKE, width: 1 },
        ticks: { stroke: GRID_STROKE, width: 1 },
        label: axisLabel,
        labelSize: Y_LABEL_PX,
        size: Y_AXIS_PX,
        splits: () => splits,
        values: (_u, values) => values.map((value) => String(value)),
      },
    ],
    series: [
      {
        label: 'Time',
        value: (u, _at, seriesIdx, idx) => {
          const at = legendValue(u, seriesIdx, idx);
          if (at === null) return '—';
          const moment = formatLocalMoment(at, gmtOffsetHours);
          return idx === null ? `${moment} (latest)` : moment;
        },
      },
      {
        label: 'Temperature',
        show: showTemperature,
        stroke: SERIES_COLOUR.temperature,
        width: 2,
        spanGaps: true,
        value: (u, _value, seriesIdx, idx) =>
          formatValue(legendValue(u, seriesIdx, idx), ` °${unit}`),
      },
      {
        label: 'Humidity',
        show: showHumidity,
        stroke: SERIES_COLOUR.humidity,
        width: 2,
        spanGaps: true,
        value: (u, _value, seriesIdx, idx) => formatValue(legendValue(u, seriesIdx, idx), ' %'),
      },
    ],
    hooks: {
      drawClear: [
        (u) => {
          if (showTemperature && temperatureRange) {
            fillValueBand(u, temperatureRange, RANGE_FILL.temperature);
          }
          if (showHumidity && humidityRange) fillValueBand(u, humidityRange, RANGE_FILL.humidity);
          fillTimeSpans(u, spells);
        },
      ],
    },
  };
}

/** The 'h:mm A' axis steps of a zoomed power graph, from 5 minutes to a day. */
const ZOOM_STEPS_MS = [5, 15, 30, 60, 180, 360, 720, 1440].map((minutes) => minutes * 60_000);
const ZOOM_LABEL_PX = 90;
const DAY_MS = 86_400_000;

/** Ticks of a zoomed time axis in the device's zone: whole steps that fit the width. */
export function zoomedTimeTicks(
  min: number,
  max: number,
  widthPx: number,
  gmtOffsetHours: number,
): number[] {
  const room = Math.max(2, Math.floor(widthPx / ZOOM_LABEL_PX));
  const step = ZOOM_STEPS_MS.find((candidate) => (max - min) / candidate <= room) ?? DAY_MS;
  const shift = gmtOffsetHours * 3_600_000;
  const ticks: number[] = [];
  for (let at = Math.ceil((min + shift) / step) * step - shift; at <= max; at += step)
    ticks.push(at);
  return ticks;
}

/**
 * The power graph (device-management §9): 60 px high, 0 to 10, 'On' at 5, OFF in red. The NIST
 * variant zooms by dragging across it and shows its times as h:mm A once zoomed within two days.
 */
export function buildPowerChartOptions({
  widthPx,
  window,
  gmtOffsetHours,
  spells,
  isZoomable,
}: {
  widthPx: number;
  window: ChartWindow;
  gmtOffsetHours: number;
  spells: readonly ShadedSpan[];
  isZoomable: boolean;
}): uPlot.Options {
  const fixedAxis = timeAxis(window, gmtOffsetHours, widthPx);
  const zoomAxis: uPlot.Axis = {
    stroke: AXIS_STROKE,
    grid: { show: false },
    ticks: { stroke: GRID_STROKE, width: 1 },
    splits: (u) =>
      zoomedTimeTicks(
        u.scales.x?.min ?? window.from,
        u.scales.x?.max ?? window.to,
        widthPx,
        gmtOffsetHours,
      ),
    values: (u, splits) => {
      const min = u.scales.x?.min ?? window.from;
      const max = u.scales.x?.max ?? window.to;
      const tick: TimeTick | 'minute' =
        max - min <= 2 * DAY_MS
          ? 'minute'
          : chooseTimeTick({ from: new Date(min), to: new Date(max) });
      return splits.map((at) => formatTick(at, tick, gmtOffsetHours));
    },
  };
  return {
    width: widthPx,
    height: POWER_CHART_HEIGHT_PX + (isZoomable ? 40 : 30),
    legend: { show: false },
    cursor: isZoomable
      ? { drag: { x: true, y: false, setScale: true }, y: false }
      : { drag: { x: false, y: false }, y: false },
    scales: {
      x: { time: false, ...(isZoomable ? {} : { range: () => [window.from, window.to] }) },
      y: { range: () => [0, 10] },
    },
    axes: [
      isZoomable ? zoomAxis : { ...fixedAxis, grid: { show: false } },
      {
        stroke: AXIS_STROKE,
        grid: { show: false },
        label: 'Power',
        labelSize: Y_LABEL_PX,
        size: Y_AXIS_PX,
        splits: () => [5],
        values: () => ['On'],
      },
    ],
    series: [
      {},
      { label: 'On', stroke: '#2f9e44', width: 6, points: { show: false } },
      { label: 'OFF', stroke: '#e03131', width: 6, points: { show: false } },
    ],
    hooks: { drawClear: [(u) => fillTimeSpans(u, spells)] },
  };
}
