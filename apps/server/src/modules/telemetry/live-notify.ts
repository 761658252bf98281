import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import { AlarmStateMessage, LiveReportMessage } from '@monitor/contract/live';
import type { DB } from '../../platform/database/schema';
import type { LiveEnvelope, LiveTransport } from './live-transport';

/**
 * Live fan-out across server processes on one PostgreSQL database (decision 012): a reading is
 * published with NOTIFY on the app's pool after the batch committed, and every process, the
 * publisher included, hears it on a dedicated LISTEN connection and delivers it to its own
 * sockets. A notification is lost while a process is reconnecting; the next reading replaces the
 * shown one anyway, and the web app polls at the refresh thresholds.
 *
 * Ingest does not wait for the NOTIFY (a round trip and a commit, ~0.4 ms here): `publish` queues
 * the reading and one statement sends everything queued meanwhile, so under load many batches
 * share one round trip.
 */

/** PostgreSQL refuses payloads of 8000 bytes or more; a reading is about 200. */
const MAX_PAYLOAD_BYTES = 7_900;
/** Readings waiting for their NOTIFY beyond this are dropped (the database is not keeping up). */
const MAX_QUEUED = 10_000;
/** Readings per NOTIFY statement. */
const MAX_PER_STATEMENT = 500;
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 30_000;

const Envelope = z.union([
  z.object({ imei: z.string(), message: LiveReportMessage }),
  z.object({ userIds: z.array(z.number().int()), message: AlarmStateMessage }),
]);

/**
 * The channel is named after the schema the app works in, so deployments (and test runs) that
 * share one database in separate schemas do not hear each other's readings.
 */
async function findChannel(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  return `live_reports_${rows[0]?.schema ?? 'public'}`.slice(0, 63);
}

export async function startNotifyTransport({
  db,
  databaseUrl,
  onEnvelope,
  log,
}: {
  db: Kysely<DB>;
  databaseUrl: string;
  onEnvelope: (envelope: LiveEnvelope) => void;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}): Promise<LiveTransport> {
  const channel = await findChannel(db);
  let client: pg.Client | null = null;
  // Set once LISTEN has answered on the current connection, cleared when it is lost.
  let isListening = false;
  let isClosed = false;
  let retryMs = RECONNECT_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const onNotification = (notification: pg.Notification): void => {
    if (notification.channel !== channel || !notification.payload) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(notification.payload);
    } catch {
      parsed = undefined;
    }
    const envelope = Envelope.safeParse(parsed);
    if (envelope.success) onEnvelope(envelope.data);
    else log.warn({ channel }, 'live: ignored a malformed notification');
  };

  const scheduleReconnect = (lost: pg.Client): void => {
    if (isClosed || client !== lost) return;
    client = null;
    isListening = false;
    lost.removeAllListeners('notification');
    void lost.end().catch(() => undefined);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((error: unknown) => {
        log.warn({ err: error, retryMs }, 'live: LISTEN connection failed; retrying');
      });
    }, retryMs);
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    client = next;
    next.on('notification', onNotification);
    next.on('error', (error) => {
      log.warn({ err: error }, 'live: LISTEN connection lost; reconnecting');
      scheduleReconnect(next);
    });
    next.on('end', () => scheduleReconnect(next));
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
      isListening = client === next;
      retryMs = RECONNECT_FIRST_MS;
    } catch (error) {
      scheduleReconnect(next);
      throw error;
    }
  };

  try {
    await connect();
  } catch (error) {
    // The first connection must work: a server that cannot listen should not start.
    isClosed = true;
    clearTimeout(retryTimer);
    throw error;
  }

  const queued: string[] = [];
  let flushing: Promise<void> | undefined;
  const flush = async (): Promise<void> => {
    while (queued.length > 0) {
      const payloads = queued.splice(0, MAX_PER_STATEMENT);
      const notifyAll = sql`SELECT pg_notify(${channel}, payload)
        FROM unnest(${payloads}::text[]) WITH ORDINALITY AS p (payload, n) ORDER BY n`;
      try {
        await notifyAll.execute(db);
      } catch (error) {
        log.warn({ err: error, count: payloads.length }, 'live: NOTIFY failed; readings dropped');
      }
    }
  };

  const startFlushing = (): void => {
    flushing = flush().finally(() => {
      flushing = undefined;
      // A reading queued between the loop's last check and here still goes out.
      if (queued.length > 0) startFlushing();
    });
  };

  return {
    publish: async (envelope) => {
      const payload = JSON.stringify(envelope);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        log.warn({ type: envelope.message.message_type }, 'live: message too large to publish');
        return;
      }
      if (queued.length >= MAX_QUEUED) {
        log.warn(
          { type: envelope.message.message_type },
          'live: NOTIFY queue full; message dropped',
        );
        return;
      }
      queued.push(payload);
      if (!flushing) startFlushing();
    },
    isListening: () => isListening,
    close: async () => {
      while (flushing) await flushing;
      isClosed = true;
      isListening = false;
      clearTimeout(retryTimer);
      const last = client;
      client = null;
      await last?.end();
    },
  };
}
