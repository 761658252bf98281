import { z } from 'zod';
import { IdParam } from './common';

/**
 * The alarm log and lifecycle (issue #23, decision 059), beyond the spec's catalogue. An alarm
 * event follows ISA-18.2: raised unacknowledged, then acknowledged, then cleared; or cleared
 * while still unacknowledged. A re-trigger is a new event, so it needs a fresh acknowledgement.
 */

/** What an event is about: the notification AlarmType vocabulary (device-management §5). */
export const AlarmEventSensor = z.enum([
  'TEMP',
  'HUMIDITY',
  'POWER',
  'WATER',
  'MOTION',
  'SPUCK_TEMP',
  'SPUCK_HUMIDITY',
  'NOCALL',
]);

export const AlarmChannel = z.enum(['dashboard', 'email', 'sms', 'voice', 'push']);
export type AlarmChannel = z.infer<typeof AlarmChannel>;

/** ISA-18.2 states: Active or Cleared, each Unacknowledged or Acknowledged. */
export const AlarmState = z.enum([
  'active-unacknowledged',
  'active-acknowledged',
  'cleared-unacknowledged',
  'cleared-acknowledged',
]);
export type AlarmState = z.infer<typeof AlarmState>;

/** One message about an event: the alarm, a repeat, the all-clear, an "acknowledged by" notice. */
export const AlarmDelivery = z.object({
  Channel: z.enum(['email', 'sms', 'voice', 'push']),
  Address: z.string(),
  Kind: z.enum(['alarm', 'repeat', 'escalation', 'late', 'all-clear', 'acknowledged']),
  Status: z.enum(['queued', 'sent', 'failed']),
  /** When it was queued, and when it was sent (null until then). */
  QueuedAt: z.string(),
  SentAt: z.string().nullable(),
});
export type AlarmDelivery = z.infer<typeof AlarmDelivery>;

export const AlarmEvent = z.object({
  Id: z.number().int(),
  UserDeviceId: z.number().int(),
  SensorType: AlarmEventSensor,
  /** The puck's hex serial; null for the unit's own sensors. */
  PeripheralId: z.string().nullable(),
  /** The first reading out of range (ISO 8601). */
  StartedAt: z.string(),
  /** When the breach had lasted its delay and the alarm rose. */
  RaisedAt: z.string(),
  /** The reading back in range by the deadband; null while active. */
  EndedAt: z.string().nullable(),
  /** The reading furthest outside the range (°F for temperatures); null for power and NOCALL. */
  PeakValue: z.number().nullable(),
  AcknowledgedAt: z.string().nullable(),
  AcknowledgedBy: z.string().nullable(),
  AcknowledgedVia: AlarmChannel.nullable(),
  State: AlarmState,
  Deliveries: z.array(AlarmDelivery),
});
export type AlarmEvent = z.infer<typeof AlarmEvent>;

/** Query of GET /api/alarms: one user device's events, newest first. */
export const AlarmEventQuery = z.object({
  userDeviceId: IdParam,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const AlarmEventPage = z.object({
  Events: z.array(AlarmEvent),
  Page: z.number().int(),
  PageSize: z.number().int(),
  Total: z.number().int(),
  /** Snoozes of the unit's alarms in this page's span, newest first. */
  Snoozes: z.array(
    z.object({
      SnoozedAt: z.string(),
      SnoozedUntil: z.string(),
      SnoozedBy: z.string(),
      Via: AlarmChannel,
    }),
  ),
});
export type AlarmEventPage = z.infer<typeof AlarmEventPage>;

export const AlarmIdParams = z.object({ Id: IdParam });

/** The signed link of an alarm message: bound to the event and the recipient, good for 7 days. */
export const AlarmTokenQuery = z.object({
  token: z.string().trim().min(1).max(500).optional(),
});

/**
 * Answer of GET /api/alarms/{Id}?token=…: what the acknowledge page shows someone who followed an
 * alarm link without signing in; no more than the message they were sent.
 */
export const AlarmLinkView = z.object({
  Id: z.number().int(),
  DeviceName: z.string(),
  SensorType: AlarmEventSensor,
  PuckName: z.string().nullable(),
  StartedAt: z.string(),
  EndedAt: z.string().nullable(),
  PeakValue: z.number().nullable(),
  TempPref: z.enum(['F', 'C']),
  /** The unit's fixed GMT offset in hours: its times read as the message gave them. */
  TimeZone: z.number().int(),
  State: AlarmState,
  AcknowledgedBy: z.string().nullable(),
  AcknowledgedAt: z.string().nullable(),
  SnoozedUntil: z.string().nullable(),
});
export type AlarmLinkView = z.infer<typeof AlarmLinkView>;

export const SnoozeHours = z.union([z.literal(1), z.literal(4), z.literal(24)]);

/** Body of POST /api/alarms/snooze (signed in) and POST /api/alarms/{Id}/snooze?token=…. */
export const SnoozeInput = z.object({
  /** The user device (signed in); taken from the event with a token. */
  UserDeviceId: IdParam.optional(),
  Hours: SnoozeHours,
});

/** Answer of the snooze calls; DELETE /api/alarms/snooze?userDeviceId= ends a snooze early. */
export const SnoozeState = z.object({ SnoozedUntil: z.string().nullable() });
