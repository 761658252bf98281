import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { LIVE_REPORT_MESSAGE_TYPE } from '@monitor/domain/live-channel';
import type { LiveReportMessage } from '@monitor/contract/live';
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

/** One published reading: which unit, and the message its subscribers get. */
export type LiveEnvelope = { imei: string; message: LiveReportMessage };

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
  /** Subscribers in this process (all units). */
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
    },
  };
}

export async function startLiveHub({ db, databaseUrl, log }: LiveHubOptions): Promise<LiveHub> {
  const subscribers = new Map<string, Set<LiveSubscriber>>();

  const deliver = ({ imei, message }: LiveEnvelope): void => {
    const set = subscribers.get(imei);
    if (!set) return;
    const data = JSON.stringify(message);
    for (const subscriber of set) {
      try {
        subscriber(data);
      } catch (error) {
        log.warn({ err: error, imei }, 'a live subscriber failed');
      }
    }
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
    subscribe: (imei, subscriber) => {
      let set = subscribers.get(imei);
      if (!set) subscribers.set(imei, (set = new Set()));
      set.add(subscriber);
      return () => {
        set.delete(subscriber);
        if (set.size === 0 && subscribers.get(imei) === set) subscribers.delete(imei);
      };
    },
    countSubscribers: () => {
      let count = 0;
      for (const set of subscribers.values()) count += set.size;
      return count;
    },
    close: async () => {
      subscribers.clear();
      await transport.close();
    },
  };
}
