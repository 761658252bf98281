import type { Peripheral } from '@monitor/contract/peripherals';
import type { UserDevice } from '@monitor/contract/user-devices';
import type { AlarmPoint } from '@monitor/contract/alarm-points';
import type { SensorType } from '@monitor/domain/alarms/alarm-points';
import { isHumidityShown, isNistDevice } from '@monitor/domain/devices/device-types';
import { isLogicLevel, puckSensors } from '@monitor/domain/devices/pucks';
import {
  fahrenheit,
  fromStoredFahrenheit,
  type TempPref,
} from '@monitor/domain/shared/temperature';
import type { AlarmRange } from './chart-options';

/** What a history page graphs and lists for its unit or puck (device-management §4). */
export type HistorySensors = {
  hasTemperature: boolean;
  hasHumidity: boolean;
  /** The power graph: a unit's own sensor; pucks have none. */
  hasPower: boolean;
  /** Pucks: water and battery columns in the table. */
  hasWater: boolean;
  hasBattery: boolean;
  /** NIST units (types 8, 9, 10): the power graph zooms and pans, the certificate shows. */
  isNist: boolean;
};

/** A unit: temperature, humidity unless NIST 9 or 10 hide it, power (device-management §4). */
export function deviceSensors(device: Pick<UserDevice, 'DeviceType'>): HistorySensors {
  return {
    hasTemperature: true,
    hasHumidity: isHumidityShown(device.DeviceType),
    hasPower: true,
    hasWater: false,
    hasBattery: false,
    isNist: isNistDevice(device.DeviceType),
  };
}

/**
 * A puck by its logic level: 32772 graphs humidity only, 32770 temperature only, water-only pucks
 * have no data graph (device-management §4 "Puck logic level").
 */
export function puckHistorySensors(puck: Pick<Peripheral, 'LogicLevel'>): HistorySensors {
  const info = puckSensors(isLogicLevel(puck.LogicLevel) ? puck.LogicLevel : null);
  return {
    hasTemperature: info.graphSensors.includes('temperature'),
    hasHumidity: info.graphSensors.includes('humidity'),
    hasPower: false,
    hasWater: info.sensors.includes('water'),
    hasBattery: true,
    isNist: false,
  };
}

/** Whether the graph view has anything to draw. */
export const hasGraph = (sensors: HistorySensors) => sensors.hasTemperature || sensors.hasHumidity;

/**
 * An enabled alarm point's range in the user's unit (ranges are stored in °F; humidity has no
 * unit). `points` are the unit's own (PeripheralId null) or one puck's.
 */
export function alarmRangeOf(
  points: readonly AlarmPoint[],
  sensorType: SensorType,
  unit: TempPref,
): AlarmRange | null {
  const point = points.find(
    (candidate) => candidate.DeviceSensor.SensorType === sensorType && candidate.Enabled,
  );
  if (!point || point.RangeMin === null || point.RangeMax === null) return null;
  const isTemperature = sensorType === 'TEMP' || sensorType === 'SP_TEMP';
  const convert = (value: number) =>
    isTemperature ? fromStoredFahrenheit(fahrenheit(value), unit, 1) : value;
  return { min: convert(point.RangeMin), max: convert(point.RangeMax) };
}
