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
 * PeripheralId the puck's hex serial (null for the unit's own sensors).
 */
export const AlarmPoint = z.object({
  Id: z.number().int(),
  DeviceId: z.number().int(),
  PeripheralId: z.string().nullable(),
  RangeMin: z.number().nullable(),
  RangeMax: z.number().nullable(),
  Enabled: z.boolean(),
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

/** Body of PUT /api/alarmpoints/{Id}: the range in the unit of TempPref (default F), stored in °F. */
export const AlarmPointUpdate = z.object({
  RangeMin: z.union([z.number(), z.string()]),
  RangeMax: z.union([z.number(), z.string()]),
  TempPref: TempPref.default('F'),
});

export const AlarmPointIdParams = z.object({ Id: IdParam });
export const AlarmPointLowerIdParams = z.object({ id: IdParam });
