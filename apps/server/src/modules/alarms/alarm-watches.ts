import { NOT_AVAILABLE_SENTINEL } from '@monitor/domain/devices/battery';
import { hasHumidityAlarm } from '@monitor/domain/devices/device-types';
import { usablePuckReading } from '@monitor/domain/alarms/puck-status';
import { effectiveDeadband } from '@monitor/domain/alarms/deadband';
import type { AlarmCondition } from '@monitor/domain/alarms/alarm-spells';
import type { AlarmRange } from '@monitor/domain/alarms/status';
import type { AlarmOwnerFacts, AlarmPointFacts, PointSettings } from './alarm-events.repository';
import type { AlarmEventType, SensorType } from '../../platform/database/schema';
import type { StoredReport } from '../telemetry/reports-stored';

/**
 * What an owner's unit watches (device-management §4, §9; decisions 011 and 059): one watch per
 * sensor that can be in alarm, with the reading it takes from a report and the condition it judged
 * by at a given time (the alarm point's settings then, kept by `alarm_point_settings`). Pure.
 */
export type Watch = {
  /** One spell at a time per key: the puck (none for the unit's sensors) and the AlarmType. */
  key: string;
  alarmType: AlarmEventType;
  peripheralId: number | null;
  /** The alarm point that watches it; power, water and motion may have none (then always on). */
  point: AlarmPointFacts | null;
  valueOf: (report: StoredReport) => number | null;
  conditionAt: (at: number) => AlarmCondition;
};

export const watchKey = (peripheralId: number | null, alarmType: AlarmEventType) =>
  `${peripheralId ?? ''}:${alarmType}`;

const OFF: AlarmCondition = { kind: 'off' };

export function rangeOf(
  point: Pick<AlarmPointFacts, 'range_min' | 'range_max'>,
): AlarmRange | null {
  if (point.range_min === null || point.range_max === null) return null;
  return { min: point.range_min, max: point.range_max };
}

function rangeCondition(
  sensorType: SensorType,
  settings: PointSettings,
  tempPref: 'F' | 'C',
): AlarmCondition {
  const range = rangeOf(settings);
  if (!settings.is_enabled || !range) return OFF;
  return {
    kind: 'range',
    ...range,
    deadband: effectiveDeadband(sensorType, settings.deadband, tempPref),
    delayMinutes: settings.delay_minutes,
    delayReadings: settings.delay_readings,
  };
}

function switchCondition(
  settings: PointSettings | null,
  alarmWhen: 'zero' | 'above-zero',
): AlarmCondition {
  if (settings && !settings.is_enabled) return OFF;
  return {
    kind: 'switch',
    alarmWhen,
    delayMinutes: settings?.delay_minutes ?? 0,
    delayReadings: settings?.delay_readings ?? 0,
  };
}

/**
 * The point's settings in force at a time: the first kept one that was still valid then, or the
 * current ones. Readings before the point existed take its first settings.
 */
function settingsAt(point: AlarmPointFacts): (at: number) => PointSettings {
  return (at) => point.history.find((h) => at < h.valid_until.getTime()) ?? point;
}

function watchOf(
  alarmType: AlarmEventType,
  point: AlarmPointFacts | null,
  valueOf: (report: StoredReport) => number | null,
  condition: (settings: PointSettings | null) => AlarmCondition,
): Watch {
  const peripheralId = point?.peripheral_id ?? null;
  const at = point && settingsAt(point);
  return {
    key: watchKey(peripheralId, alarmType),
    alarmType,
    peripheralId,
    point,
    valueOf,
    conditionAt: at ? (time) => condition(at(time)) : () => condition(null),
  };
}

const puckValue =
  (peripheralId: number, pick: (r: StoredReport['peripherals'][number]) => number | null) =>
  (report: StoredReport) => {
    const reading = report.peripherals.find((p) => p.peripheralId === peripheralId);
    return reading ? pick(reading) : null;
  };

/** Every watch of an owner's unit: the unit's own sensors first, then each puck's points. */
export function watchesOf(owner: AlarmOwnerFacts, deviceType: number): Watch[] {
  const own = new Map(
    owner.points.filter((p) => p.peripheral_id === null).map((p) => [p.sensor_type, p]),
  );
  const ranged = (sensorType: SensorType) => (settings: PointSettings | null) =>
    settings ? rangeCondition(sensorType, settings, owner.temp_pref) : OFF;
  const watches: Watch[] = [];
  // A range sensor is watched only through its point; a switch is on unless its point is off.
  const temp = own.get('TEMP');
  if (owner.temperature_active && temp)
    watches.push(watchOf('TEMP', temp, (r) => r.temperature, ranged('TEMP')));
  const humidity = own.get('HUMIDITY');
  // NIST units have no humidity alarm (device-management §4).
  if (owner.humidity_active && hasHumidityAlarm(deviceType) && humidity)
    watches.push(watchOf('HUMIDITY', humidity, (r) => r.humidity, ranged('HUMIDITY')));
  // Muted is Device OFF: power decides nothing, so an open power event neither repeats nor clears.
  if (!owner.mute)
    watches.push(
      watchOf(
        'POWER',
        own.get('POWER') ?? null,
        (r) => r.power,
        (s) => switchCondition(s, 'zero'),
      ),
    );
  watches.push(
    watchOf(
      'WATER',
      own.get('WATER') ?? null,
      (r) => r.water,
      (s) => switchCondition(s, 'above-zero'),
    ),
    watchOf(
      'MOTION',
      own.get('MOTION') ?? null,
      (r) => r.motion,
      (s) => switchCondition(s, 'above-zero'),
    ),
  );
  for (const point of owner.points) {
    const id = point.peripheral_id;
    if (id === null) continue;
    if (point.sensor_type === 'SP_TEMP')
      watches.push(
        watchOf(
          'SPUCK_TEMP',
          point,
          puckValue(id, (p) => usablePuckReading(p.temperature)),
          ranged('SP_TEMP'),
        ),
      );
    if (point.sensor_type === 'SP_HUMID')
      watches.push(
        watchOf(
          'SPUCK_HUMIDITY',
          point,
          puckValue(id, (p) => usablePuckReading(p.humidity)),
          ranged('SP_HUMID'),
        ),
      );
    // Water alone: a critical battery is red on the puck's status but not a water alarm (decision 011).
    if (point.sensor_type === 'WATER')
      watches.push(
        watchOf(
          'WATER',
          point,
          puckValue(id, (p) => (p.water === NOT_AVAILABLE_SENTINEL ? null : p.water)),
          (s) => (s ? switchCondition(s, 'above-zero') : OFF),
        ),
      );
  }
  return watches;
}

const DEVICE_VALUE: Readonly<Partial<Record<SensorType, (r: StoredReport) => number | null>>> = {
  TEMP: (r) => r.temperature,
  HUMIDITY: (r) => r.humidity,
  POWER: (r) => r.power,
  WATER: (r) => r.water,
  MOTION: (r) => r.motion,
};

const PUCK_VALUE: Readonly<
  Partial<Record<SensorType, (r: StoredReport['peripherals'][number]) => number | null>>
> = {
  SP_TEMP: (r) => usablePuckReading(r.temperature),
  SP_HUMID: (r) => usablePuckReading(r.humidity),
  WATER: (r) => (r.water === NOT_AVAILABLE_SENTINEL ? null : r.water),
};

/** The value each alarm point read in a report (sentinels left out), for `last_read_value`. */
export function pointReadings(
  owner: AlarmOwnerFacts,
  report: StoredReport,
): { pointId: number; value: number }[] {
  const readings: { pointId: number; value: number }[] = [];
  for (const point of owner.points) {
    let value: number | null = null;
    if (point.peripheral_id === null) {
      value = DEVICE_VALUE[point.sensor_type]?.(report) ?? null;
    } else {
      const puck = report.peripherals.find((r) => r.peripheralId === point.peripheral_id);
      if (puck) value = PUCK_VALUE[point.sensor_type]?.(puck) ?? null;
    }
    if (value !== null) readings.push({ pointId: point.id, value });
  }
  return readings;
}
