import type { z } from 'zod';
import type {
  ReportSummary,
  ReportSummaryQuery,
  SpuckReportQuery,
} from '@monitor/contract/history';
import { isHumidityShown, type DeviceType } from '@monitor/domain/devices/device-types';
import { isLogicLevel, puckSensors } from '@monitor/domain/devices/pucks';
import {
  downsampleLttb,
  graphPointLimitForSpan,
  type Point,
} from '@monitor/domain/history/downsample';
import { computeTemperatureAxis } from '@monitor/domain/history/report-axes';
import {
  fahrenheit,
  fahrenheitToCelsius,
  roundTo,
  type TempPref,
} from '@monitor/domain/shared/temperature';
import type { AppContext } from '../../context';
import type { AlarmEventType } from '../../platform/database/schema';
import { findVisibleWindow, type ReadingWindow } from '../devices/visible-history.repository';
import {
  MAX_GRAPH_SPAN_DAYS,
  requireHistoryDevice,
  requirePuckOnDevice,
  resolvePeriod,
} from './history-access.service';
import { findAlarmSpells } from './alarm-spells.repository';
import {
  sampleDeviceReadings,
  samplePuckReadings,
  type SeriesSample,
} from './report-summary.repository';

type ReportSummaryAnswer = z.infer<typeof ReportSummary>;

/**
 * Buckets the database reduces a window to, per point the graph keeps: each bucket answers up to
 * 4 points (M4), so LTTB chooses among up to 4 candidates per kept point (decision 030). Each
 * bucket costs three short reads of the primary key, so more buckets slowed a month's graph
 * (2000 points) without changing what a year's shows.
 */
const BUCKETS_PER_POINT = 1;

/** Graph values keep one decimal, the precision temperatures are stored with. */
const GRAPH_DECIMALS = 1;

const DEVICE_SPELL_TYPES: readonly AlarmEventType[] = [
  'TEMP',
  'HUMIDITY',
  'POWER',
  'NOCALL',
  'WATER',
  'MOTION',
];
const PUCK_SPELL_TYPES: readonly AlarmEventType[] = ['SPUCK_TEMP', 'SPUCK_HUMIDITY', 'WATER'];

type Convert = (value: number) => number;

const temperatureIn =
  (tempPref: TempPref): Convert =>
  (value) =>
    roundTo(tempPref === 'C' ? fahrenheitToCelsius(fahrenheit(value)) : value, GRAPH_DECIMALS);
const asIs: Convert = (value) => roundTo(value, GRAPH_DECIMALS);

/** A series downsampled to the graph's limit with LTTB, as [timestampMs, value] pairs. */
function toGraph(sample: SeriesSample | null, limit: number, convert: Convert): [number, number][] {
  if (!sample) return [];
  return downsampleLttb<Point>(sample.points, limit).map((point) => [point.x, convert(point.y)]);
}

/** A series' min / max / average over every reading of the period, in the caller's unit. */
function toStats(sample: SeriesSample | null, convert: Convert) {
  const stats = sample?.stats;
  if (!stats) return null;
  return {
    min: convert(stats.min),
    max: convert(stats.max),
    average: convert(stats.sum / stats.count),
    count: stats.count,
  };
}

type Samples = {
  temperature: SeriesSample | null;
  humidity: SeriesSample | null;
  power: SeriesSample | null;
};

/** The answer from the series: downsampled, converted, the §9 axis and the alarm spells. */
function buildSummary({
  samples,
  limit,
  tempPref,
  deviceType,
  spells,
  period,
}: {
  samples: Samples;
  limit: number;
  tempPref: TempPref;
  deviceType: DeviceType;
  spells: Awaited<ReturnType<typeof findAlarmSpells>>;
  period: ReadingWindow;
}): ReportSummaryAnswer {
  const toTemperature = temperatureIn(tempPref);
  const temperature = toStats(samples.temperature, toTemperature);
  const axis = computeTemperatureAxis({
    deviceType,
    tempPref,
    data: temperature ? { min: temperature.min, max: temperature.max } : null,
  });
  return {
    tempData: toGraph(samples.temperature, limit, toTemperature),
    humidityData: toGraph(samples.humidity, limit, asIs),
    // Power is 5 or 5.01 already; it is not rounded, which would read OFF as on.
    powerData: toGraph(samples.power, limit, (value) => value),
    axisMin: axis.min,
    axisMax: axis.max,
    stats: { temperature, humidity: toStats(samples.humidity, asIs) },
    alarmSpells: spells.map((spell) => ({
      AlarmType: spell.alarm_type,
      from: spell.from_at.getTime(),
      to: spell.to_at?.getTime() ?? null,
    })),
    from: period.from.getTime(),
    to: period.to.getTime(),
  };
}

const NO_SAMPLES: Samples = { temperature: null, humidity: null, power: null };

/**
 * GET /api/reportsummary/devices/{deviceId} (device-management §7, §9): the unit's temperature,
 * humidity (hidden on NIST 9 and 10) and power over the period, downsampled to the §9 limit.
 */
export async function getReportSummary(
  ctx: AppContext,
  {
    callerId,
    userDeviceId,
    query,
  }: { callerId: number; userDeviceId: number; query: z.infer<typeof ReportSummaryQuery> },
): Promise<ReportSummaryAnswer> {
  const access = await requireHistoryDevice(ctx, { callerId, userDeviceId, userId: query.userId });
  const period = resolvePeriod(ctx, { query, access, maxSpanDays: MAX_GRAPH_SPAN_DAYS });
  const limit = graphPointLimitForSpan({
    fromMs: period.from.getTime(),
    toMs: period.to.getTime(),
    isPuckLog: false,
  });
  const deviceType = access.row.device_type;
  const showsHumidity = isHumidityShown(deviceType);
  const window = findVisibleWindow(period, access.row.visible_from);
  const [samples, spells] = window
    ? await Promise.all([
        sampleDeviceReadings(ctx.db, {
          deviceId: access.row.device_id,
          window,
          bucketCount: limit * BUCKETS_PER_POINT,
          keepAllUpTo: limit,
        }),
        findAlarmSpells(ctx.db, {
          ownerRowId: access.ownerRowId,
          peripheralId: null,
          window,
          alarmTypes: DEVICE_SPELL_TYPES.filter((type) => showsHumidity || type !== 'HUMIDITY'),
        }),
      ])
    : [NO_SAMPLES, []];
  return buildSummary({
    samples: { ...samples, humidity: showsHumidity ? samples.humidity : null },
    limit,
    tempPref: query.tempPref,
    deviceType,
    spells,
    period,
  });
}

/**
 * GET /api/reportsummary/getspuckreport/ (device-management §4, §7, §9): a puck on the given
 * user device, the series its LogicLevel graphs (32772 humidity only, 32770 temperature only,
 * 32769 and older water-only pucks none), downsampled to 250 points; no power graph.
 */
export async function getSpuckReport(
  ctx: AppContext,
  { callerId, query }: { callerId: number; query: z.infer<typeof SpuckReportQuery> },
): Promise<ReportSummaryAnswer> {
  const access = await requireHistoryDevice(ctx, {
    callerId,
    userDeviceId: query.deviceId,
    userId: query.userId,
  });
  const puck = await requirePuckOnDevice(ctx, access, query.peripheralId);
  const period = resolvePeriod(ctx, { query, access, maxSpanDays: MAX_GRAPH_SPAN_DAYS });
  const limit = graphPointLimitForSpan({
    fromMs: period.from.getTime(),
    toMs: period.to.getTime(),
    isPuckLog: true,
  });
  const graphed = puckSensors(
    isLogicLevel(puck.logic_level) ? puck.logic_level : null,
  ).graphSensors;
  const window = findVisibleWindow(period, puck.visible_from);
  const [samples, spells] = window
    ? await Promise.all([
        graphed.length > 0
          ? samplePuckReadings(ctx.db, {
              peripheralId: puck.id,
              window,
              bucketCount: limit * BUCKETS_PER_POINT,
              keepAllUpTo: limit,
            })
          : null,
        findAlarmSpells(ctx.db, {
          ownerRowId: access.ownerRowId,
          peripheralId: puck.id,
          window,
          alarmTypes: PUCK_SPELL_TYPES,
        }),
      ])
    : [null, []];
  return buildSummary({
    samples: {
      temperature: graphed.includes('temperature') ? (samples?.temperature ?? null) : null,
      humidity: graphed.includes('humidity') ? (samples?.humidity ?? null) : null,
      power: null,
    },
    limit,
    tempPref: query.tempPref,
    deviceType: access.row.device_type,
    spells,
    period,
  });
}
