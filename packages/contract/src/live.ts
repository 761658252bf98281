import { z } from 'zod';
import { LIVE_REPORT_MESSAGE_TYPE } from '@monitor/domain/live-channel';

/**
 * The live channel (device-management §4 "Live readings", §7): a WebSocket at
 * `GET /live?imei=…&access_token=…` that pushes a unit's fresh reading to the device list.
 */

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

/**
 * Close codes the server uses beyond the standard ones: the session behind the access token
 * ended (expired, signed out, password changed), so the client should sign in again, as on a 401.
 */
export const LIVE_CLOSE_SESSION_ENDED = 4401;
