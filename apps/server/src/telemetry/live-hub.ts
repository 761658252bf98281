import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { LIVE_REPORT_MESSAGE_TYPE } from '@monitor/domain/live-channel';
import {
  ALARM_STATE_MESSAGE_TYPE,
  type AlarmStateMessage,
  type LiveReportMessage,
} from '@monitor/contract/live';
import type { DB } from '../db/schema';
import { startNotifyTransport } from './live-notify';
import type { ReportsStoredListener, StoredReport } from './reports-stored';

/**
 * The live hub (decision 012): after each committed batch of reports it publishes the unit's
 * newest reading once, and delivers what is published to the sockets subscribed to that unit in
 * this process. Between processes the message travels through the database (live-notify.ts); on
 * the embedded database there is only this process, so it is delivered here directly.
 */

/** Gets the serialised message; must not throw or block (a socket's `send` only buffers). */
export type LiveSubscriber = (data: string) => void;

/**
 * One published message: a reading for the sockets on a unit (by IMEI), or an alarm state for the
 * alarm sockets of the users who can see the unit (decision 021).
 */
export type LiveEnvelope =
  { imei: string; message: LiveReportMessage } | { userIds: number[]; message: AlarmStateMessage };

/** An alarm event opened or closed on a unit (alarm-engine.ts, nocall-watchdog.ts). */
export type AlarmStateChange = {
  deviceId: number;
  alarmType: string;
  puckSerial: string | null;
  isAlarm: boolean;
  /** The report that changed the state (for NOCALL, the last one before the silence). */
  reportAt: Date;
};

/** How published readings reach every process's hub, this one included. */
export type LiveTransport = {
  publish: (envelope: LiveEnvelope) => Promise<void>;
  close: () => Promise<void>;
};

export type LiveHub = {
  /** Push onto `ctx.onReportsStored`: publishes the newest reading of each batch. */
  listener: ReportsStoredListener;
  /** Subscribes a socket to a unit by IMEI; call the answer to unsubscribe. */
  subscribe: (imei: string, subscriber: LiveSubscriber) => () => void;
  /** Subscribes a socket to the alarm states of every unit a user can see; call the answer to unsubscribe. */
  subscribeAlarms: (userId: number, subscriber: LiveSubscriber) => () => void;
  /**
   * Sends an alarm opening or closing to the owner and every sub-account given the unit, after
   * the event's transaction committed. Never throws: the event and its deliveries stand anyway.
   */
  publishAlarmState: (change: AlarmStateChange) => Promise<void>;
  /** Subscribers in this process (all units and users). */
  countSubscribers: () => number;
  close: () => Promise<void>;
};

export type LiveHubOptions = {
  db: Kysely<DB>;
  /** A PostgreSQL server: fan out across processes with LISTEN/NOTIFY. Omit on the embedded database. */
  databaseUrl?: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

/**
 * The newest reading of a batch: the shown reading is replaced by each message
 * (device-management §4), so a back-fill of 100 readings sends one message, not 100.
 */
export function pickNewestReport(reports: readonly StoredReport[]): StoredReport | undefined {
  let newest: StoredReport | undefined;
  for (const report of reports) {
    if (!newest || report.reportTimestamp > newest.reportTimestamp) newest = report;
  }
  return newest;
}

/** The `device_single_report` message for a stored reading (device-management §4). */
export function toLiveReportMessage(report: StoredReport): LiveReportMessage {
  return {
    message_type: LIVE_REPORT_MESSAGE_TYPE,
    message_body: {
      timestamp: report.reportTimestamp.toISOString(),
      temp: report.temperature,
      humidity: report.humidity,
      signal_strength: report.signalStrength,
      power: report.power,
      water: report.water,
      motion: report.motion,
    },
  };
}

/** A set of subscribers per key (an IMEI or a user id). */
function createSubscriptions<Key>() {
  const byKey = new Map<Key, Set<LiveSubscriber>>();
  return {
    get: (key: Key) => byKey.get(key),
    add: (key: Key, subscriber: LiveSubscriber) => {
      let set = byKey.get(key);
      if (!set) byKey.set(key, (set = new Set()));
      set.add(subscriber);
      return () => {
        set.delete(subscriber);
        if (set.size === 0 && byKey.get(key) === set) byKey.delete(key);
      };
    },
    count: () => {
      let count = 0;
      for (const set of byKey.values()) count += set.size;
      return count;
    },
    clear: () => byKey.clear(),
  };
}

/** Who sees a unit (its owner and the sub-accounts given it: every user device on it) and its IMEI. */
async function findAlarmRecipients(
  db: Kysely<DB>,
  deviceId: number,
): Promise<{ imei: string; userIds: number[] } | null> {
  const rows = await db
    .selectFrom('devices as d')
    .innerJoin('user_devices as ud', 'ud.device_id', 'd.id')
    .select(['d.imei', 'ud.user_id'])
    .where('d.id', '=', deviceId)
    .execute();
  const first = rows[0];
  if (!first) return null;
  return { imei: first.imei, userIds: [...new Set(rows.map((row) => row.user_id))] };
}

export async function startLiveHub({ db, databaseUrl, log }: LiveHubOptions): Promise<LiveHub> {
  const units = createSubscriptions<string>();
  const users = createSubscriptions<number>();

  const send = (set: Set<LiveSubscriber> | undefined, data: string): void => {
    for (const subscriber of set ?? []) {
      try {
        subscriber(data);
      } catch (error) {
        log.warn({ err: error }, 'a live subscriber failed');
      }
    }
  };
  const deliver = (envelope: LiveEnvelope): void => {
    const data = JSON.stringify(envelope.message);
    if ('imei' in envelope) send(units.get(envelope.imei), data);
    else for (const userId of envelope.userIds) send(users.get(userId), data);
  };

  const transport: LiveTransport = databaseUrl
    ? await startNotifyTransport({ db, databaseUrl, onEnvelope: deliver, log })
    : {
        publish: async (envelope) => deliver(envelope),
        close: async () => undefined,
      };

  return {
    listener: async (_ctx, { device, reports }) => {
      const newest = pickNewestReport(reports);
      // A poll (nothing newly stored) or a resent batch (all duplicates) changes no reading.
      if (!newest) return;
      await transport.publish({ imei: device.imei, message: toLiveReportMessage(newest) });
    },
    subscribe: units.add,
    subscribeAlarms: users.add,
    publishAlarmState: async ({ deviceId, alarmType, puckSerial, isAlarm, reportAt }) => {
      try {
        const recipients = await findAlarmRecipients(db, deviceId);
        if (!recipients) return;
        await transport.publish({
          userIds: recipients.userIds,
          message: {
            message_type: ALARM_STATE_MESSAGE_TYPE,
            message_body: {
              imei: recipients.imei,
              alarm_type: alarmType,
              puck_serial: puckSerial,
              is_alarm: isAlarm,
              timestamp: reportAt.toISOString(),
            },
          },
        });
      } catch (error) {
        log.warn({ err: error, deviceId }, 'live: alarm state not published');
      }
    },
    countSubscribers: () => units.count() + users.count(),
    close: async () => {
      units.clear();
      users.clear();
      await transport.close();
    },
  };
}
