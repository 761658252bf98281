import { z } from 'zod';
import { SENSOR_TYPES } from '@monitor/domain/alarms/alarm-points';
import { IdParam, TempPref } from './common';

export const SensorType = z.enum(SENSOR_TYPES);

/** DeviceSensor of an AlarmPoint (device-management §3). */
export const DeviceSensor = z.object({
  SensorType,
  SensorAlias: z.string().nullable(),
  LastTriggeredAlarm: z.string().nullable(),
  LastUpdatedDateTime: z.string(),
  LastRangeChange: z.string().nullable(),
  LastReadValue: z.number().nullable(),
});

/**
 * AlarmPoint (device-management §3): ranges stored in °F. DeviceId is the user device's Id,
 * PeripheralId the puck's hex serial (null for the unit's own sensors). The deadband and delay are
 * ours (issue #23, decision 059).
 */
export const AlarmPoint = z.object({
  Id: z.number().int(),
  DeviceId: z.number().int(),
  PeripheralId: z.string().nullable(),
  RangeMin: z.number().nullable(),
  RangeMax: z.number().nullable(),
  Enabled: z.boolean(),
  /** The stored deadband, in °F or %RH; null is the sensor's default. */
  Deadband: z.number().nullable(),
  /** The deadband the alarm engine applies for the unit's owner, in °F or %RH (0: none). */
  EffectiveDeadband: z.number(),
  /** The breach must last this many minutes and readings before the alarm rises (0: at once). */
  DelayMinutes: z.number().int(),
  DelayReadings: z.number().int(),
  DeviceSensor,
});
export type AlarmPoint = z.infer<typeof AlarmPoint>;

export const AlarmPointList = z.array(AlarmPoint);

/** Query of GET /api/alarmpoints: device_id (a user device Id), optionally peripheral_id and type. */
export const AlarmPointQuery = z.object({
  device_id: IdParam,
  peripheral_id: z.string().trim().min(1).max(20).optional(),
  type: SensorType.optional(),
});

/**
 * Body of PUT /api/alarmpoints/{Id}: the range in the unit of TempPref (default F), stored in °F.
 * Optionally (issue #23) the deadband, in TempPref for a temperature and %RH for humidity (null:
 * back to the default; 0: off), and the delay in whole minutes (0–1440) or readings (0–100); a
 * field left out keeps its value.
 */
export const AlarmPointUpdate = z.object({
  RangeMin: z.union([z.number(), z.string()]),
  RangeMax: z.union([z.number(), z.string()]),
  TempPref: TempPref.default('F'),
  Deadband: z
    .number('Enter the deadband as a number, or null for the default.')
    .nullable()
    .optional(),
  DelayMinutes: z.number('Enter the delay in minutes as a whole number.').optional(),
  DelayReadings: z.number('Enter the delay in readings as a whole number.').optional(),
});

export const AlarmPointIdParams = z.object({ Id: IdParam });
export const AlarmPointLowerIdParams = z.object({ id: IdParam });
