import { z } from 'zod';
import { ALARM_TYPES, MESSAGE_TYPES } from '@monitor/domain/alarms/notifications';
import { IdParam } from './common';

export const AlarmType = z.enum(ALARM_TYPES);
export const MessageType = z.enum(MESSAGE_TYPES);

/**
 * Notification (device-management §3): DeviceId is the user device's Id, PeripheralId the puck's
 * hex serial; a phone MessageAddress is stored as 11 digits with a leading 1.
 */
export const Notification = z.object({
  Id: z.number().int(),
  DeviceId: z.number().int(),
  PeripheralId: z.string().nullable(),
  AlarmType,
  AlarmTypeAlias: z.string().nullable(),
  MessageType,
  MessageAddress: z.string(),
  Message: z.string().nullable(),
  DisableAlarm: z.boolean(),
  Status: z.string().nullable(),
  LogicLevel: z.number().int().nullable(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationList = z.array(Notification);

/** Body of POST /api/notifications and PUT /api/notifications/{Id}. */
export const NotificationInput = z.object({
  DeviceId: IdParam,
  PeripheralId: z.string().trim().min(1).max(20).nullish(),
  AlarmType,
  MessageType,
  MessageAddress: z.string().trim().min(1, 'Enter an address.').max(200),
  /** Defaults to the alarm type's message (device-management §5). */
  Message: z.string().trim().max(500).nullish(),
  DisableAlarm: z.boolean().default(false),
});
export type NotificationInput = z.infer<typeof NotificationInput>;

/** Query of GET /api/notifications: device_id (a user device Id), optionally peripheral_id. */
export const NotificationQuery = z.object({
  device_id: IdParam,
  peripheral_id: z.string().trim().min(1).max(20).optional(),
});

/** Query of GET /api/notifications/getNotificationDetails: the unit's IMEI. */
export const NotificationDetailsQuery = z.object({
  IMEI: z
    .string()
    .trim()
    .regex(/^\d{15}$/, 'Enter a 15-digit IMEI.'),
});

export const NotificationIdParams = z.object({ Id: IdParam });
