import type { AlarmEvent } from '@monitor/contract/alarms';
import { formatPuckSerial } from '@monitor/domain/devices/pucks';
import {
  fahrenheit,
  formatTemperature,
  roundTo,
  type TempPref,
} from '@monitor/domain/shared/temperature';
import { isSamePuckSerial } from '../../../entities/device/lib/puck-serial';
import { ALARM_SENSOR_LABELS } from './alarm-words';

type PuckNames = readonly { Id: string; Name: string | null }[];

/**
 * The reading furthest outside the range in the viewer's unit: temperatures are stored in °F and
 * shown whole, as every reading is (device-management §9); humidity in %; water and motion as
 * detected. Null (power, no call-in) shows nothing.
 */
export function formatPeakValue(
  sensorType: AlarmEvent['SensorType'],
  peak: number | null,
  unit: TempPref,
): string | null {
  if (peak === null) return null;
  switch (sensorType) {
    case 'TEMP':
    case 'SPUCK_TEMP':
      return formatTemperature(fahrenheit(peak), unit);
    case 'HUMIDITY':
    case 'SPUCK_HUMIDITY':
      return `${roundTo(peak)}%`;
    case 'WATER':
    case 'MOTION':
      return peak >= 1 ? 'Detected' : 'None';
    case 'POWER':
    case 'NOCALL':
      return null;
  }
}

/** The puck an event is about, by its name on the unit, else its serial; null for the unit's own. */
export function puckNameOf(peripheralId: string | null, pucks: PuckNames): string | null {
  if (peripheralId === null) return null;
  const puck = pucks.find((candidate) => isSamePuckSerial(candidate.Id, peripheralId));
  return puck?.Name || `SPuck ${formatPuckSerial(peripheralId)}`;
}

/** 'Temperature alarm', or 'SPuck temperature alarm on Chest freezer'. */
export function describeAlarm(
  sensorType: AlarmEvent['SensorType'],
  puckName: string | null,
): string {
  const label = `${ALARM_SENSOR_LABELS[sensorType]} alarm`;
  return puckName ? `${label} on ${puckName}` : label;
}
