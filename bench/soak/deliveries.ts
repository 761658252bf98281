import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Fault } from './faults';
import { normalTimestamp } from './faults';
import type { Samples } from './samples';

/**
 * The product's own record of the alarm deliveries (`deliveries`, decision 028), read once the
 * servers have stopped (the embedded database admits one process): report → alarm e-mail queued
 * is the delivery row's `created_at` (written in the alarm's transaction, decision 011) less
 * when the fault's report left the unit, on the same machine's clock; and every row's outcome.
 */

type DeliveryRow = {
  kind: string;
  status: string;
  attempts: number;
  step: number | null;
  created_at: Date;
  alarm_type: string;
  opening_report_at: Date | null;
  imei: string;
};

const ALARM_DELIVERIES = `
  SELECT d.kind, d.status, d.attempts, d.step, d.created_at,
         e.alarm_type, e.opening_report_at, dev.imei
  FROM deliveries d
  JOIN alarm_events e ON e.id = d.alarm_event_id
  JOIN user_devices ud ON ud.id = e.user_device_id
  JOIN devices dev ON dev.id = ud.device_id
  ORDER BY d.id`;

async function readRows(where: { dataDir: string; databaseUrl?: string }): Promise<DeliveryRow[]> {
  if (where.databaseUrl) {
    const client = new pg.Client({ connectionString: where.databaseUrl });
    await client.connect();
    try {
      return (await client.query<DeliveryRow>(ALARM_DELIVERIES)).rows;
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(where.dataDir);
  try {
    return (await db.query<DeliveryRow>(ALARM_DELIVERIES)).rows;
  } finally {
    await db.close();
  }
}

export type DeliveryRecord = { byKindAndStatus: Map<string, number>; retried: number };

export async function checkDeliveries(
  where: { dataDir: string; databaseUrl?: string },
  faults: readonly Fault[],
  samples: Samples,
): Promise<DeliveryRecord> {
  const rows = await readRows(where);
  const record: DeliveryRecord = { byKindAndStatus: new Map(), retried: 0 };
  const firstQueued = new Map<string, number>();
  for (const row of rows) {
    const label = `${row.kind} ${row.status}`;
    record.byKindAndStatus.set(label, (record.byKindAndStatus.get(label) ?? 0) + 1);
    if (row.attempts > 1) record.retried += 1;
    if (row.kind !== 'alarm' || row.step !== 0 || !row.opening_report_at) continue;
    const key = `${row.imei} ${row.alarm_type} ${row.opening_report_at.toISOString()}`;
    const at = row.created_at.getTime();
    firstQueued.set(key, Math.min(at, firstQueued.get(key) ?? at));
  }
  for (const fault of faults) {
    if (!fault.report || fault.storedAt === undefined) continue;
    const key = `${fault.unit.IMEI} ${fault.type} ${normalTimestamp(fault.report.timestamp)}`;
    const queuedAt = firstQueued.get(key);
    if (queuedAt === undefined) samples.error('alarm delivery never queued');
    else
      samples.add('report → alarm e-mail queued', queuedAt - fault.report.epoch, fault.report.at);
  }
  const unsent = rows.filter((row) => row.status !== 'sent').length;
  if (unsent > 0) samples.error('alarm delivery not sent', unsent);
  return record;
}
