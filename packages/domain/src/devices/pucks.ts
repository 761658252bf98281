/**
 * Sensor pucks (peripherals): what a logic level enables, turning a puck's alarm on and off,
 * serial display and the per-device maximum (device-management §3, §4, §5, §9).
 */

/** The known puck logic levels (device-management §4). */
export const LOGIC_LEVELS = [32775, 32774, 32773, 32772, 32771, 32770, 32769] as const;
export type LogicLevel = (typeof LOGIC_LEVELS)[number];

export type PuckSensor = 'temperature' | 'humidity' | 'water';

export type PuckSensorInfo = {
  /** The sensors the logic level supports, as the spec's table lists them. */
  sensors: readonly PuckSensor[];
  /** What the status indicator shows. */
  statusSensors: readonly PuckSensor[];
  /** What the data graph shows; water is never graphed, so a water-only puck has no graph. */
  graphSensors: readonly PuckSensor[];
};

const info = (sensors: PuckSensor[], statusSensors: PuckSensor[] = sensors): PuckSensorInfo => ({
  sensors,
  statusSensors,
  graphSensors: statusSensors.filter((sensor) => sensor !== 'water'),
});

/** The logic-level table (device-management §4 "Puck logic level"). */
const SENSORS_BY_LEVEL: Readonly<Record<LogicLevel, PuckSensorInfo>> = {
  32775: info(['temperature', 'humidity', 'water']),
  32774: info(['temperature', 'humidity']),
  32773: info(['humidity', 'water']),
  32772: info(['humidity', 'water'], ['humidity']),
  32771: info(['temperature', 'water']),
  32770: info(['temperature', 'water'], ['temperature']),
  32769: info(['water']),
};

/** An older puck without a logic level senses water only (device-management §4). */
const OLDER_WATER_PUCK = info(['water']);

/** Whether a number is one of the known logic levels (device-management §4). */
export function isLogicLevel(value: unknown): value is LogicLevel {
  return typeof value === 'number' && (LOGIC_LEVELS as readonly number[]).includes(value);
}

/** The sensors of a puck by logic level, and what its status and graph show; null is an older water-only puck (device-management §4). */
export function puckSensors(logicLevel: LogicLevel | null): PuckSensorInfo {
  return logicLevel === null ? OLDER_WATER_PUCK : SENSORS_BY_LEVEL[logicLevel];
}

/** Whether a puck has a data graph: not for water-only pucks (device-management §4). */
export function hasPuckGraph(logicLevel: LogicLevel | null): boolean {
  return puckSensors(logicLevel).graphSensors.length > 0;
}

/** Enabling an alarm adds 1 to the logic level, disabling subtracts 1 (device-management §4). */
export type LogicLevelSetType = 1 | -1;

/**
 * The logic level after enabling (+1) or disabling (-1) a puck alarm; null when the step leaves
 * the puck's pair of levels (32775/32774, 32773/32772, 32771/32770, 32769 alone) or the puck
 * has no logic level (device-management §4; pairing in SPEC-NOTES.md).
 */
export function logicLevelAfterChange(
  logicLevel: LogicLevel | null,
  setType: LogicLevelSetType,
): LogicLevel | null {
  if (logicLevel === null) return null;
  const next = logicLevel + setType;
  // Levels pair up as odd (alarm on) and the even one below (alarm off): 32775|1 === 32774|1.
  return isLogicLevel(next) && (next | 1) === (logicLevel | 1) ? next : null;
}

/** The body of the logic-level update call: puck id, alarm types and set value (device-management §4, §7). */
export type LogicLevelUpdate = { id: string; alarmType: string[]; setType: LogicLevelSetType };

/** Builds the logic-level update call for a puck (device-management §4, §7 "updatelogiclevel"). */
export function buildLogicLevelUpdate(
  id: string,
  alarmTypes: readonly string[],
  setType: LogicLevelSetType,
): LogicLevelUpdate {
  return { id, alarmType: [...alarmTypes], setType };
}

/** Which alarm types are selected on a puck in the device information form (device-management §2, §4). */
export type PuckAlarmSelection = { temperature: boolean; humidity: boolean; water: boolean };

/** The flag that marks every alarm disabled: temperature, humidity and water all off (device-management §4). */
export function areAllPuckAlarmsDisabled(selection: PuckAlarmSelection): boolean {
  return !selection.temperature && !selection.humidity && !selection.water;
}

/** Whether at least one alarm type the puck supports stays selected, as a puck requires (device-management §4, §5). */
export function hasSelectedPuckAlarm(
  logicLevel: LogicLevel | null,
  selection: PuckAlarmSelection,
): boolean {
  return puckSensors(logicLevel).sensors.some((sensor) => selection[sensor]);
}

/** The most pucks one device may have (device-management §5, §9). */
export const MAX_PERIPHERALS_PER_DEVICE = 16;

/** Whether another puck may be added to a device that has `count` (device-management §5). */
export function canAddPeripheral(count: number): boolean {
  return count < MAX_PERIPHERALS_PER_DEVICE;
}

/** A puck serial (hex) shown with a hyphen after every 2 characters: "0A1B2C3D" → "0A-1B-2C-3D" (device-management §3). */
export function formatPuckSerial(serial: string): string {
  const compact = compactPuckSerial(serial);
  return compact.match(/.{1,2}/g)?.join('-') ?? '';
}

/** A puck serial without the display hyphens or spaces, as stored (device-management §3). */
export function compactPuckSerial(serial: string): string {
  return serial.replace(/[\s-]/g, '');
}
