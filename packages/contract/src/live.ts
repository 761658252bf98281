import { z } from 'zod';
import { LIVE_REPORT_MESSAGE_TYPE } from '@monitor/domain/devices/live-channel';

/**
 * The live channel (device-management §4 "Live readings", §7): a WebSocket at
 * `GET /live?imei=…&access_token=…` that pushes a unit's fresh reading to the device list, and
 * `GET /live/alarms` that pushes every alarm opening and closing of the user's units (decision 021).
 */

/**
 * The WebSocket subprotocols the web app offers (decision 020): `LIVE_PROTOCOL`, which the server
 * selects, and `LIVE_TOKEN_PROTOCOL_PREFIX` + the access token, so the token never sits in an
 * address that proxies and logs keep. The spec's clients may still send `?access_token=`.
 */
export const LIVE_PROTOCOL = 'monitor-live';
export const LIVE_TOKEN_PROTOCOL_PREFIX = 'access-token.';

/** Query of GET /live: the unit's IMEI (the access token is read by the auth plugin). */
export const LiveQuery = z.object({
  imei: z
    .string()
    .trim()
    .regex(/^\d{15}$/, 'Enter a 15-digit IMEI.'),
});

/**
 * A fresh reading (device-management §4): timestamp (ISO time of the report), temperature in °F
 * as stored, humidity, signal strength and power (1 on, 0 off); null where the unit sent none.
 * Water and motion (1 detected) are the unit's own sensors (device-management §4: 1 is red);
 * optional, so a message without them still reads.
 */
export const LiveReading = z.object({
  timestamp: z.string(),
  temp: z.number().nullable(),
  humidity: z.number().nullable(),
  signal_strength: z.number().nullable(),
  power: z.number().nullable(),
  water: z.number().nullable().optional(),
  motion: z.number().nullable().optional(),
});
export type LiveReading = z.infer<typeof LiveReading>;

/** The one message the server sends: `device_single_report`, which replaces the shown reading. */
export const LiveReportMessage = z.object({
  message_type: z.literal(LIVE_REPORT_MESSAGE_TYPE),
  message_body: LiveReading,
});
export type LiveReportMessage = z.infer<typeof LiveReportMessage>;

/** The message type of an alarm opening or closing on `/live/alarms` (decision 021). */
export const ALARM_STATE_MESSAGE_TYPE = 'alarm_state';

/**
 * An alarm event of one of the user's units opened (`is_alarm` true) or closed: which unit (IMEI),
 * which sensor (the event's alarm type, and the puck's serial for a puck's sensor), and the time
 * of the report that changed it. The web app refreshes that unit's shown state on it. When someone
 * acknowledged the event (issue #23) the message also names the event and when (`is_alarm` says
 * whether it is still active, `timestamp` is the report that raised it); older messages have neither.
 */
export const AlarmStateMessage = z.object({
  message_type: z.literal(ALARM_STATE_MESSAGE_TYPE),
  message_body: z.object({
    imei: z.string(),
    alarm_type: z.string(),
    puck_serial: z.string().nullable(),
    is_alarm: z.boolean(),
    timestamp: z.string(),
    event_id: z.number().int().optional(),
    acknowledged_at: z.string().optional(),
  }),
});
export type AlarmStateMessage = z.infer<typeof AlarmStateMessage>;

/**
 * Close codes the server uses beyond the standard ones: the session behind the access token
 * ended (expired, signed out, password changed), so the client should sign in again, as on a 401.
 */
export const LIVE_CLOSE_SESSION_ENDED = 4401;

/**
 * The answer's status when a session or user already holds as many live sockets as allowed
 * (decision 021); a browser sees only a failed socket, so the web app backs off and retries.
 */
export const LIVE_TOO_MANY_SOCKETS =
  'Too many live connections are open. Close a page and try again.';
