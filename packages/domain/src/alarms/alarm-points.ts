import {
  fahrenheit,
  fromStoredFahrenheit,
  toStoredFahrenheit,
  type Fahrenheit,
  type TempPref,
} from '../shared/temperature';

/** Sensor types an alarm point watches (device-management §3 "AlarmPoint"). */
export const SENSOR_TYPES = [
  'TEMP',
  'HUMIDITY',
  'POWER',
  'WATER',
  'MOTION',
  'SP_TEMP',
  'SP_HUMID',
] as const;

export type SensorType = (typeof SENSOR_TYPES)[number];

export function isSensorType(value: unknown): value is SensorType {
  return typeof value === 'string' && (SENSOR_TYPES as readonly string[]).includes(value);
}

/** Device and puck temperature sensors: their ranges are stored in °F (device-management §5). */
export function isTemperatureSensor(type: SensorType): boolean {
  return type === 'TEMP' || type === 'SP_TEMP';
}

/** Device and puck humidity sensors: ranges in percent relative humidity. */
export function isHumiditySensor(type: SensorType): boolean {
  return type === 'HUMIDITY' || type === 'SP_HUMID';
}

/** Sensors that belong to a puck rather than to the device itself (device-management §3). */
export function isPuckSensor(type: SensorType): boolean {
  return type === 'SP_TEMP' || type === 'SP_HUMID';
}

/** What an alarm bit stands for. */
export type AlarmKind = 'power' | 'temperature' | 'humidity' | 'water' | 'motion';

/**
 * Alarm bit flags (device-management §9: power 1, temperature 2, humidity 4, water 8, motion 10).
 * Motion is read as hexadecimal 0x10 = 16: decimal 10 would be water | temperature and could not
 * be told apart (SPEC-NOTES.md).
 */
export const ALARM_FLAGS: Readonly<Record<AlarmKind, number>> = {
  power: 0x01,
  temperature: 0x02,
  humidity: 0x04,
  water: 0x08,
  motion: 0x10,
};

const ALARM_KINDS = Object.keys(ALARM_FLAGS) as AlarmKind[];

/** The alarm a sensor raises; puck temperature and humidity share the device's bits. */
export function alarmKindOfSensor(type: SensorType): AlarmKind {
  switch (type) {
    case 'TEMP':
    case 'SP_TEMP':
      return 'temperature';
    case 'HUMIDITY':
    case 'SP_HUMID':
      return 'humidity';
    case 'POWER':
      return 'power';
    case 'WATER':
      return 'water';
    case 'MOTION':
      return 'motion';
  }
}

/** Combines alarm kinds into one bit mask (device-management §9). */
export function encodeAlarmFlags(kinds: Iterable<AlarmKind>): number {
  let mask = 0;
  for (const kind of kinds) mask |= ALARM_FLAGS[kind];
  return mask;
}

/** The alarm kinds set in a bit mask, in flag order; unknown bits are ignored. */
export function decodeAlarmFlags(mask: number): AlarmKind[] {
  return ALARM_KINDS.filter((kind) => (mask & ALARM_FLAGS[kind]) !== 0);
}

export function hasAlarmFlag(mask: number, kind: AlarmKind): boolean {
  return (mask & ALARM_FLAGS[kind]) !== 0;
}

/** An alarm range as stored: temperatures in °F, humidity in %, water and motion as 0/1. */
export type StoredRange = { rangeMin: number; rangeMax: number };

/**
 * A stored range in the user's unit for display or editing; only temperature sensors convert,
 * humidity and the others are unit-free (device-management §3, §5).
 */
export function alarmRangeForDisplay(
  sensorType: SensorType,
  stored: StoredRange,
  unit: TempPref,
  decimals = 0,
): StoredRange {
  if (!isTemperatureSensor(sensorType)) return stored;
  return {
    rangeMin: fromStoredFahrenheit(fahrenheit(stored.rangeMin), unit, decimals),
    rangeMax: fromStoredFahrenheit(fahrenheit(stored.rangeMax), unit, decimals),
  };
}

/** A range entered in the user's unit as it is stored: temperatures in °F (device-management §5). */
export function alarmRangeForStorage(
  sensorType: SensorType,
  entered: StoredRange,
  unit: TempPref,
): StoredRange {
  if (!isTemperatureSensor(sensorType)) return entered;
  const rangeMin: Fahrenheit = toStoredFahrenheit(entered.rangeMin, unit);
  const rangeMax: Fahrenheit = toStoredFahrenheit(entered.rangeMax, unit);
  return { rangeMin, rangeMax };
}
