import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { LIVE_REPORT_MESSAGE_TYPE } from '@monitor/domain/devices/live-channel';
import { ALARM_STATE_MESSAGE_TYPE, type LiveReportMessage } from '@monitor/contract/live';
import type { DB } from '../../platform/database/schema';
import { startNotifyTransport } from './live-notify';
import type { ReportsStoredListener, StoredReport } from './reports-stored';
import type { LiveEnvelope, LiveTransport } from './live-transport';

/**
 * The live hub (decision 012): after each committed batch of reports it publishes the unit's
 * newest reading once, and delivers what is published to the sockets subscribed to that unit in
 * this process. Between processes the message travels through the database (live-notify.ts); on
 * the embedded database there is only this process, so it is delivered here directly. Both are
 * transports (live-transport.ts); `startLiveHub` chooses one.
 */

/** Gets the serialised message; must not throw or block (a socket's `send` only buffers). */
export type LiveSubscriber = (data: string) => void;

/** An alarm event opened or closed on a unit (alarm-engine.ts, nocall-watchdog.ts). */
export type AlarmStateChange = {
  deviceId: number;
  alarmType: string;
  puckSerial: string | null;
  isAlarm: boolean;
  /** The report that changed the state (for NOCALL, the last one before the silence). */
  reportAt: Date;
  /** Someone acknowledged the event (issue #23): which event, and when. */
  acknowledgement?: { eventId: number; at: Date };
};

export type LiveHub = {
  /**
   * Registered on `ctx.onReportsStored` (create-context.ts): publishes the newest reading of each
   * batch. It needs nothing of the context.
   */
  listener: ReportsStoredListener<unknown>;
  /**
   * Subscribes a socket to a unit by IMEI; call the answer to unsubscribe. A reading taken before
   * `visibleFrom` (the subscriber's row's, decision 017) is not sent to it, even when a unit
   * uploads it late.
   */
  subscribe: (imei: string, subscriber: LiveSubscriber, visibleFrom?: Date) => () => void;
  /** Subscribes a socket to the alarm states of every unit a user can see; call the answer to unsubscribe. */
  subscribeAlarms: (userId: number, subscriber: LiveSubscriber) => () => void;
  /**
   * Sends an alarm opening or closing to the owner and every sub-account given the unit, after
   * the event's transaction committed. Never throws: the event and its deliveries stand anyway.
   */
  publishAlarmState: (change: AlarmStateChange) => Promise<void>;
  /** Subscribers in this process (all units and users). */
  countSubscribers: () => number;
  /** Whether this process hears every process's readings (the LISTEN connection on PostgreSQL). */
  isListening: () => boolean;
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
function createSubscriptions<Key, Subscriber>() {
  const byKey = new Map<Key, Set<Subscriber>>();
  return {
    get: (key: Key) => byKey.get(key),
    add: (key: Key, subscriber: Subscriber) => {
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
  const units = createSubscriptions<string, { send: LiveSubscriber; visibleFromMs: number }>();
  const users = createSubscriptions<number, LiveSubscriber>();

  const send = (subscriber: LiveSubscriber, data: string): void => {
    try {
      subscriber(data);
    } catch (error) {
      log.warn({ err: error }, 'a live subscriber failed');
    }
  };
  const deliver = (envelope: LiveEnvelope): void => {
    const data = JSON.stringify(envelope.message);
    if ('imei' in envelope) {
      const takenAtMs = Date.parse(envelope.message.message_body.timestamp);
      for (const unit of units.get(envelope.imei) ?? []) {
        if (takenAtMs >= unit.visibleFromMs) send(unit.send, data);
      }
    } else {
      for (const userId of envelope.userIds) {
        for (const subscriber of users.get(userId) ?? []) send(subscriber, data);
      }
    }
  };

  const transport: LiveTransport = databaseUrl
    ? await startNotifyTransport({ db, databaseUrl, onEnvelope: deliver, log })
    : {
        publish: async (envelope) => deliver(envelope),
        isListening: () => true,
        close: async () => undefined,
      };

  return {
    listener: async (_ctx, { device, reports }) => {
      const newest = pickNewestReport(reports);
      // A poll (nothing newly stored) or a resent batch (all duplicates) changes no reading.
      if (!newest) return;
      await transport.publish({ imei: device.imei, message: toLiveReportMessage(newest) });
    },
    subscribe: (imei, subscriber, visibleFrom = new Date(0)) =>
      units.add(imei, { send: subscriber, visibleFromMs: visibleFrom.getTime() }),
    subscribeAlarms: users.add,
    publishAlarmState: async ({
      deviceId,
      alarmType,
      puckSerial,
      isAlarm,
      reportAt,
      acknowledgement,
    }) => {
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
              ...(acknowledgement && {
                event_id: acknowledgement.eventId,
                acknowledged_at: acknowledgement.at.toISOString(),
              }),
            },
          },
        });
      } catch (error) {
        log.warn({ err: error, deviceId }, 'live: alarm state not published');
      }
    },
    countSubscribers: () => units.count() + users.count(),
    isListening: transport.isListening,
    close: async () => {
      units.clear();
      users.clear();
      await transport.close();
    },
  };
}
