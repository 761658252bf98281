import { NOT_AVAILABLE_SENTINEL } from '@monitor/domain/devices/battery';
import { hasHumidityAlarm } from '@monitor/domain/devices/device-types';
import { evaluatePuckWater, usablePuckReading } from '@monitor/domain/alarms/puck-status';
import { evaluateRangeReading, STATUS_ALARM, type AlarmRange } from '@monitor/domain/alarms/status';
import type { AlarmOwnerFacts, AlarmPointFacts } from './alarm-events.repository';
import type { AlarmEventType, SensorType } from '../../platform/database/schema';
import type { StoredPeripheralReading, StoredReport } from '../telemetry/reports-stored';

/**
 * What one report says about each sensor of an owner's user device: in alarm, or not, or nothing
 * (no reading, a sentinel, the sync window, the alarm turned off). Pure: the rules are the
 * domain's (device-management §4, §9); the choices around them are in decision 011.
 */
export type SensorDecision = {
  alarmType: AlarmEventType;
  peripheralId: number | null;
  isAlarm: boolean;
  value: number | null;
  /** The alarm point that watched it, if any (its range shows in the message). */
  point: AlarmPointFacts | null;
};

/** The reading of an alarm point's sensor; null when there is none to record. */
export type PointReading = { pointId: number; value: number };

const PUCK_ALARM_TYPE: Readonly<Partial<Record<SensorType, AlarmEventType>>> = {
  SP_TEMP: 'SPUCK_TEMP',
  SP_HUMID: 'SPUCK_HUMIDITY',
  WATER: 'WATER',
};

export function rangeOf(point: AlarmPointFacts): AlarmRange | null {
  if (point.range_min === null || point.range_max === null) return null;
  return { min: point.range_min, max: point.range_max };
}

/** A range reading: red (level 2) is alarm, green and yellow are not; syncing or no value decides nothing. */
function decideRange(
  point: AlarmPointFacts | undefined,
  value: number | null,
  at: Date,
): boolean | null {
  if (!point?.is_enabled || value === null) return null;
  const range = rangeOf(point);
  if (!range) return null;
  // The reading's own time: it was taken while the unit may not yet have had the new range.
  const status = evaluateRangeReading(
    { value, range, lastRangeChange: point.last_range_change },
    at,
  );
  return status.level === null ? null : status.level === STATUS_ALARM;
}

/** A 0/1 sensor (power, water, motion): an alarm point turned off silences it; none means on. */
function isSwitchWatched(point: AlarmPointFacts | undefined): boolean {
  return point === undefined || point.is_enabled;
}

export function decideDeviceSensors(
  owner: AlarmOwnerFacts,
  deviceType: number,
  report: StoredReport,
): SensorDecision[] {
  const own = new Map(
    owner.points.filter((p) => p.peripheral_id === null).map((p) => [p.sensor_type, p]),
  );
  const decisions: SensorDecision[] = [];
  const push = (alarmType: AlarmEventType, isAlarm: boolean | null, value: number | null) => {
    if (isAlarm === null) return;
    const point = own.get(alarmType as SensorType) ?? null;
    decisions.push({ alarmType, peripheralId: null, isAlarm, value, point });
  };
  const at = report.reportTimestamp;
  if (owner.temperature_active)
    push('TEMP', decideRange(own.get('TEMP'), report.temperature, at), report.temperature);
  // NIST units have no humidity alarm (device-management §4).
  if (owner.humidity_active && hasHumidityAlarm(deviceType))
    push('HUMIDITY', decideRange(own.get('HUMIDITY'), report.humidity, at), report.humidity);
  // Muted is Device OFF: power decides nothing, so an open power event neither repeats nor clears.
  if (!owner.mute && report.power !== null && isSwitchWatched(own.get('POWER')))
    push('POWER', report.power === 0, report.power);
  if (report.water !== null && isSwitchWatched(own.get('WATER')))
    push('WATER', report.water === 1, report.water);
  if (report.motion !== null && isSwitchWatched(own.get('MOTION')))
    push('MOTION', report.motion === 1, report.motion);
  return decisions;
}

function decidePuckSensor(
  point: AlarmPointFacts,
  reading: StoredPeripheralReading,
  at: Date,
): { isAlarm: boolean | null; value: number | null } {
  switch (point.sensor_type) {
    case 'SP_TEMP': {
      const value = usablePuckReading(reading.temperature);
      return { isAlarm: decideRange(point, value, at), value };
    }
    case 'SP_HUMID': {
      const value = usablePuckReading(reading.humidity);
      return { isAlarm: decideRange(point, value, at), value };
    }
    case 'WATER': {
      if (!point.is_enabled) return { isAlarm: null, value: reading.water };
      // Water alone: a critical battery is red on the status but not a water alarm (decision 011).
      const level = evaluatePuckWater(reading.water, null);
      return { isAlarm: level === null ? null : level === STATUS_ALARM, value: reading.water };
    }
    // The unit's own sensors: a puck's points never have these.
    case 'TEMP':
    case 'HUMIDITY':
    case 'POWER':
    case 'MOTION':
      return { isAlarm: null, value: null };
  }
}

export function decidePuckSensors(
  owner: AlarmOwnerFacts,
  reading: StoredPeripheralReading,
  at: Date,
): SensorDecision[] {
  const decisions: SensorDecision[] = [];
  for (const point of owner.points) {
    const alarmType = PUCK_ALARM_TYPE[point.sensor_type];
    if (point.peripheral_id !== reading.peripheralId || !alarmType) continue;
    const { isAlarm, value } = decidePuckSensor(point, reading, at);
    if (isAlarm !== null)
      decisions.push({ alarmType, peripheralId: point.peripheral_id, isAlarm, value, point });
  }
  return decisions;
}

/** Every decision a report makes for an owner, the unit's sensors first, then each puck's. */
export function decideReport(
  owner: AlarmOwnerFacts,
  deviceType: number,
  report: StoredReport,
): SensorDecision[] {
  return [
    ...decideDeviceSensors(owner, deviceType, report),
    ...report.peripherals.flatMap((reading) =>
      decidePuckSensors(owner, reading, report.reportTimestamp),
    ),
  ];
}

const DEVICE_VALUE: Readonly<Partial<Record<SensorType, (r: StoredReport) => number | null>>> = {
  TEMP: (r) => r.temperature,
  HUMIDITY: (r) => r.humidity,
  POWER: (r) => r.power,
  WATER: (r) => r.water,
  MOTION: (r) => r.motion,
};

const PUCK_VALUE: Readonly<
  Partial<Record<SensorType, (r: StoredPeripheralReading) => number | null>>
> = {
  SP_TEMP: (r) => usablePuckReading(r.temperature),
  SP_HUMID: (r) => usablePuckReading(r.humidity),
  WATER: (r) => (r.water === NOT_AVAILABLE_SENTINEL ? null : r.water),
};

/** The value each alarm point read in this report (sentinels left out), for `last_read_value`. */
export function pointReadings(owner: AlarmOwnerFacts, report: StoredReport): PointReading[] {
  const readings: PointReading[] = [];
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
