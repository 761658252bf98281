import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type Database } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import type { DB } from '../apps/server/src/db/schema';
import {
  provisionDevices,
  type ProvisionedDevice,
} from '../apps/server/src/services/inventory.service';
import { formatRatio, startProduct } from './support';

/**
 * Reports per second through POST /device-api/v1/reports (Basic auth, validation, one transaction
 * with the batched inserts, unit update, command hand-over, and whatever reports-stored listeners
 * the server registers), as a ratio to a bare batched INSERT of the same rows into the same
 * database in the same run. Each unit sends its batches one after the other, as a real unit does;
 * the units send side by side.
 */
const UNITS = 8;
const BATCHES_PER_UNIT = 25;
const BATCH_SIZE = 100;
const PORT = 3953;

type Row = {
  ReportTimestamp: string;
  Temperature: number;
  Humidity: number;
  Power: number;
  SignalStrength: number;
};

/** Batches of one unit: readings a minute apart, ending an hour ago. */
function makeBatches(unitIndex: number): Row[][] {
  const total = BATCHES_PER_UNIT * BATCH_SIZE;
  const start = Date.now() - 3_600_000 - total * 60_000;
  return Array.from({ length: BATCHES_PER_UNIT }, (_, b) =>
    Array.from({ length: BATCH_SIZE }, (_, i) => {
      const n = b * BATCH_SIZE + i;
      return {
        ReportTimestamp: new Date(start + n * 60_000).toISOString(),
        Temperature: 60 + ((n + unitIndex) % 200) / 10,
        Humidity: 30 + (n % 40),
        Power: 1,
        SignalStrength: 10 + (n % 20),
      };
    }),
  );
}

async function openBenchDatabase(dataDir: string): Promise<Database> {
  const url = process.env.DATABASE_URL;
  const database = await openDatabase(url ? { url } : { dataDir });
  await migrate(database.db);
  return database;
}

/** Sends every unit's batches through the endpoint; answers reports stored per second. */
async function runIngest(url: string, units: ProvisionedDevice[]): Promise<number> {
  const started = performance.now();
  let stored = 0;
  await Promise.all(
    units.map(async (unit, index) => {
      const authorization = `Basic ${Buffer.from(`${unit.IMEI}:${unit.DeviceKey}`).toString('base64')}`;
      for (const batch of makeBatches(index)) {
        const response = await fetch(`${url}/device-api/v1/reports`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ Reports: batch }),
        });
        if (!response.ok)
          throw new Error(`ingest failed: ${response.status} ${await response.text()}`);
        stored += ((await response.json()) as { Accepted: number }).Accepted;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (stored !== UNITS * BATCHES_PER_UNIT * BATCH_SIZE)
    throw new Error(`expected every report stored, got ${stored}`);
  return stored / seconds;
}

/** The same rows straight into the table: one multi-row INSERT per batch, no HTTP, no checks. */
async function runBareInsert(db: Kysely<DB>, units: ProvisionedDevice[]): Promise<number> {
  const started = performance.now();
  let stored = 0;
  await Promise.all(
    units.map(async (unit, index) => {
      for (const batch of makeBatches(index)) {
        const result = await sql`
          INSERT INTO device_reports
            (device_id, report_timestamp, temperature, humidity, power, signal_strength)
          SELECT ${unit.Id}::integer, * FROM unnest(
            ${batch.map((r) => r.ReportTimestamp)}::timestamptz[],
            ${batch.map((r) => r.Temperature)}::real[],
            ${batch.map((r) => r.Humidity)}::real[],
            ${batch.map((r) => r.Power)}::smallint[],
            ${batch.map((r) => r.SignalStrength)}::smallint[]
          )
          ON CONFLICT DO NOTHING`.execute(db);
        stored += Number(result.numAffectedRows ?? 0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (stored !== UNITS * BATCHES_PER_UNIT * BATCH_SIZE)
    throw new Error(`expected every row inserted, got ${stored}`);
  return stored / seconds;
}

export async function benchIngest(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'monitor-bench-ingest-'));
  // Units for both runs are made first: the embedded database admits one process at a time.
  let database = await openBenchDatabase(dataDir);
  const warmUnits = await provisionDevices(database.db, { deviceType: 4, count: 1, tenantId: 2 });
  const ingestUnits = await provisionDevices(database.db, {
    deviceType: 4,
    count: UNITS,
    tenantId: 2,
  });
  const bareUnits = await provisionDevices(database.db, {
    deviceType: 4,
    count: UNITS,
    tenantId: 2,
  });
  await database.close();

  const product = await startProduct(PORT, { dataDir });
  let ingestRate: number;
  try {
    await runIngest(product.url, warmUnits).catch(() => undefined); // warm-up (fails the count check)
    ingestRate = await runIngest(product.url, ingestUnits);
  } finally {
    product.stop();
  }
  // Wait for the server to let go of the data folder before opening it here.
  for (let attempt = 0; ; attempt++) {
    try {
      database = await openBenchDatabase(dataDir);
      break;
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  let bareRate: number;
  try {
    bareRate = await runBareInsert(database.db, bareUnits);
  } finally {
    await database.close();
  }

  console.log(
    `POST /device-api/v1/reports vs bare batched INSERT, same rows and database (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded'}), ${UNITS} units × ${BATCHES_PER_UNIT} batches of ${BATCH_SIZE}`,
  );
  console.log(`  bare INSERT: ${bareRate.toFixed(0)} reports/s`);
  console.log(`  endpoint:    ${ingestRate.toFixed(0)} reports/s`);
  console.log(`  ratio endpoint/bare: ${formatRatio(ingestRate / bareRate)}`);
}
