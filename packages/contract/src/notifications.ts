import { z } from 'zod';
import {
  ALARM_TYPES,
  MESSAGE_TYPES,
  TYPED_MESSAGE_TYPES,
} from '@monitor/domain/alarms/notifications';
import {
  MAX_REPEAT_CAP,
  MAX_WAIT_MINUTES,
  MIN_REPEAT_CAP,
  REPEAT_INTERVALS,
} from '@monitor/domain/alarms/notification-escalation';
import { IdParam } from './common';

export const AlarmType = z.enum(ALARM_TYPES);
export const MessageType = z.enum(MESSAGE_TYPES);
/** The spec's delivery types: a new device's notifications (registration) are one of these. */
export const TypedMessageType = z.enum(TYPED_MESSAGE_TYPES);

const WAIT_MESSAGE = `Wait a whole number of minutes from 0 to ${MAX_WAIT_MINUTES}.`;
const CAP_MESSAGE = `Repeat at most ${MIN_REPEAT_CAP} to ${MAX_REPEAT_CAP} times.`;

/** Repeat and escalate (issue #23, decision 059; migration 031's limits). */
export const WaitMinutes = z
  .number(WAIT_MESSAGE)
  .int(WAIT_MESSAGE)
  .min(0, WAIT_MESSAGE)
  .max(MAX_WAIT_MINUTES, WAIT_MESSAGE);
export const RepeatMinutes = z.literal(
  REPEAT_INTERVALS,
  'Repeat every 15, 30 or 60 minutes, or 0 for no repeat.',
);
export const RepeatCap = z
  .number(CAP_MESSAGE)
  .int(CAP_MESSAGE)
  .min(MIN_REPEAT_CAP, CAP_MESSAGE)
  .max(MAX_REPEAT_CAP, CAP_MESSAGE);

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
  /** Minutes to wait before telling at all (issue #23): tells only if nobody has acknowledged by then. */
  WaitMinutes,
  /** Repeat while the alarm is open and unacknowledged: every 15, 30 or 60 minutes; 0 is off. */
  RepeatMinutes,
  /** At most this many repeats. */
  RepeatCap,
  /** Whether this recipient is told of the all-clear. */
  TellAllClear: z.boolean(),
  /** Whether this recipient is told that someone acknowledged the alarm. */
  TellAcknowledged: z.boolean(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationList = z.array(Notification);

/**
 * Body of POST /api/notifications and PUT /api/notifications/{Id}. The repeat and escalate
 * settings (issue #23) are optional: a new notification left without them tells at once, once
 * (WaitMinutes 0, RepeatMinutes 0, RepeatCap 3) and tells of the all-clear and the acknowledgement;
 * a change left without them keeps what the notification had, so a client that predates them
 * cannot undo them by saving an address.
 */
export const NotificationInput = z.object({
  DeviceId: IdParam,
  PeripheralId: z.string().trim().min(1).max(20).nullish(),
  AlarmType,
  MessageType,
  MessageAddress: z.string().trim().min(1, 'Enter an address.').max(200),
  /** Defaults to the alarm type's message (device-management §5). */
  Message: z.string().trim().max(500).nullish(),
  DisableAlarm: z.boolean().default(false),
  WaitMinutes: WaitMinutes.optional(),
  RepeatMinutes: RepeatMinutes.optional(),
  RepeatCap: RepeatCap.optional(),
  TellAllClear: z.boolean('TellAllClear is true or false.').optional(),
  TellAcknowledged: z.boolean('TellAcknowledged is true or false.').optional(),
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
