import { isNistDevice, type DeviceType } from '../devices/device-types';

/**
 * Status levels of a device and of its readings: 0 ok (green), 1 warning (yellow), 2 alarm (red),
 * red over yellow (device-management §4 "Status levels"). Temperatures are compared in °F, as
 * readings and ranges are stored.
 */
export type StatusLevel = 0 | 1 | 2;
export const STATUS_OK: StatusLevel = 0;
export const STATUS_WARNING: StatusLevel = 1;
export const STATUS_ALARM: StatusLevel = 2;

export type StatusColour = 'green' | 'yellow' | 'red';

/** A reading this close to a range bound, or closer, is a warning (device-management §4, §9). */
export const WARNING_MARGIN = 5;
/** A range changed within this many minutes shows the range-change flag (device-management §4, §9). */
export const SYNC_WINDOW_MINUTES = 30;

const MINUTE_MS = 60_000;

/** The colour of a level: green, yellow, red (device-management §4). */
export function statusColour(level: StatusLevel): StatusColour {
  return level === STATUS_ALARM ? 'red' : level === STATUS_WARNING ? 'yellow' : 'green';
}

/** The combined level: red overrides yellow, yellow overrides green; nothing to combine is green (device-management §4). */
export function worstStatus(levels: readonly StatusLevel[]): StatusLevel {
  return levels.reduce<StatusLevel>((worst, level) => (level > worst ? level : worst), STATUS_OK);
}

export type AlarmRange = { min: number; max: number };

/** A value's level against a range: outside is red, within 5 units of a bound is yellow, else green (device-management §4). */
export function rangeStatus(value: number, range: AlarmRange): StatusLevel {
  if (value < range.min || value > range.max) return STATUS_ALARM;
  if (value - range.min <= WARNING_MARGIN || range.max - value <= WARNING_MARGIN) {
    return STATUS_WARNING;
  }
  return STATUS_OK;
}

/** Whole minutes since a range change, or null if it never changed. */
function minutesSinceRangeChange(lastRangeChange: Date | null, now: Date): number | null {
  if (!lastRangeChange) return null;
  return Math.floor((now.getTime() - lastRangeChange.getTime()) / MINUTE_MS);
}

/** Whether a reading's status is suppressed as syncing: its range changed 1 to 29 minutes ago (device-management §4). */
export function isReadingSyncing(lastRangeChange: Date | null, now: Date): boolean {
  const minutes = minutesSinceRangeChange(lastRangeChange, now);
  return minutes !== null && minutes >= 1 && minutes < SYNC_WINDOW_MINUTES;
}

/** Whether the range-change flag shows: a range change within the last 30 minutes (device-management §4). */
export function isRangeChangeRecent(lastRangeChange: Date | null, now: Date): boolean {
  const minutes = minutesSinceRangeChange(lastRangeChange, now);
  return minutes !== null && minutes >= 0 && minutes < SYNC_WINDOW_MINUTES;
}

/** A reading checked against its alarm range (a device's TEMP or HUMIDITY, a puck's SP_TEMP or SP_HUMID). */
export type RangeReading = {
  /** The reading; null when there is none. */
  value: number | null;
  range: AlarmRange;
  /** The sensor's LastRangeChange. */
  lastRangeChange: Date | null;
};

export type ReadingState = 'ok' | 'warning' | 'alarm' | 'syncing' | 'unavailable';

/** One reading's status; `level` is null when syncing or unavailable, so it counts toward nothing. */
export type ReadingStatus = {
  state: ReadingState;
  level: StatusLevel | null;
  isRangeChanged: boolean;
};

const STATE_BY_LEVEL: Readonly<Record<StatusLevel, ReadingState>> = {
  0: 'ok',
  1: 'warning',
  2: 'alarm',
};

/**
 * The status of one reading: unavailable without a value; syncing in the window unless it is out
 * of range; else its range level (device-management §4). The server judges every reading at once
 * by the range in force (decision 059), so a reading out of range in the window has raised its
 * alarm, and the alarm is shown rather than "syncing": safety over the spec's display rule.
 */
export function evaluateRangeReading(reading: RangeReading, now: Date): ReadingStatus {
  const isRangeChanged = isRangeChangeRecent(reading.lastRangeChange, now);
  if (reading.value === null || !Number.isFinite(reading.value)) {
    return {
      state: isReadingSyncing(reading.lastRangeChange, now) ? 'syncing' : 'unavailable',
      level: null,
      isRangeChanged,
    };
  }
  const level = rangeStatus(reading.value, reading.range);
  if (level !== STATUS_ALARM && isReadingSyncing(reading.lastRangeChange, now)) {
    return { state: 'syncing', level: null, isRangeChanged };
  }
  return { state: STATE_BY_LEVEL[level], level, isRangeChanged };
}

export type CombinedStatus = { level: StatusLevel; colour: StatusColour; isSyncing: boolean };

/**
 * Combines reading statuses and other levels into one indicator, red over yellow; syncing and
 * unavailable readings count toward nothing but a syncing one sets `isSyncing` (device-management §4).
 */
export function combineStatus(
  readings: readonly (ReadingStatus | null)[],
  otherLevels: readonly (StatusLevel | null)[] = [],
): CombinedStatus {
  const levels = [...readings.map((reading) => reading?.level ?? null), ...otherLevels].filter(
    (level): level is StatusLevel => level !== null,
  );
  const level = worstStatus(levels);
  return {
    level,
    colour: statusColour(level),
    isSyncing: readings.some((reading) => reading?.state === 'syncing'),
  };
}

export type DeviceStatusFacts = {
  deviceType: DeviceType;
  /** UserDevice.Mute is 1. */
  isMuted: boolean;
  /** LastRead.Power; 0 is off. */
  power: number | null;
  /** The temperature reading and range, or null when the temperature alarm is not active. */
  temperature: RangeReading | null;
  /** The humidity reading and range, or null when the humidity alarm is not active. */
  humidity: RangeReading | null;
  water: number | null;
  motion: number | null;
};

export type DeviceStatus = CombinedStatus & {
  temperature: ReadingStatus | null;
  /** Always null on NIST devices, which have no humidity alarm. */
  humidity: ReadingStatus | null;
};

/**
 * A device's status: red when power is off and not muted, when muted, when an active temperature
 * or (not on NIST) humidity reading is outside its range, or when water or motion reads 1; yellow
 * within 5 units of a bound; readings in their sync window count toward nothing (device-management §4).
 */
export function evaluateDeviceStatus(facts: DeviceStatusFacts, now: Date): DeviceStatus {
  const temperature = facts.temperature ? evaluateRangeReading(facts.temperature, now) : null;
  const humidity =
    facts.humidity && !isNistDevice(facts.deviceType)
      ? evaluateRangeReading(facts.humidity, now)
      : null;
  const isOff = facts.isMuted || facts.power === 0;
  const isWaterOrMotion = facts.water === 1 || facts.motion === 1;
  return {
    ...combineStatus(
      [temperature, humidity],
      [isOff ? STATUS_ALARM : null, isWaterOrMotion ? STATUS_ALARM : null],
    ),
    temperature,
    humidity,
  };
}

/** Mute equal to 1 means the device is Device OFF (device-management §4). */
export function isDeviceOff(mute: number | null): boolean {
  return mute === 1;
}

export type PowerStatus = { level: StatusLevel; label: 'ON' | 'OFF' | 'Device OFF' };

/** The power display: muted is 1 "Device OFF", off is 2 "OFF", on is 0 "ON"; null without a reading (device-management §4). */
export function evaluatePowerStatus(facts: {
  power: number | null;
  isMuted: boolean;
}): PowerStatus | null {
  if (facts.isMuted) return { level: STATUS_WARNING, label: 'Device OFF' };
  if (facts.power === null) return null;
  return facts.power === 0
    ? { level: STATUS_ALARM, label: 'OFF' }
    : { level: STATUS_OK, label: 'ON' };
}
