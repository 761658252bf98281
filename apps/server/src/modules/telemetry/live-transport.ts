import type { AlarmStateMessage, LiveReportMessage } from '@monitor/contract/live';

/**
 * The port between the live hub and the way its messages travel (decision 012): in-process on the
 * embedded database (live-hub.ts), LISTEN/NOTIFY across processes on PostgreSQL (live-notify.ts).
 */

/**
 * One published message: a reading for the sockets on a unit (by IMEI), or an alarm state for the
 * alarm sockets of the users who can see the unit (decision 021).
 */
export type LiveEnvelope =
  { imei: string; message: LiveReportMessage } | { userIds: number[]; message: AlarmStateMessage };

/** How published readings reach every process's hub, this one included. */
export type LiveTransport = {
  publish: (envelope: LiveEnvelope) => Promise<void>;
  /** Whether this process hears what every process publishes (readiness, `GET /ready`). */
  isListening: () => boolean;
  close: () => Promise<void>;
};
