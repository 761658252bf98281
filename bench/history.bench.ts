import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReportSummaryQuery } from '@monitor/contract/history';
import type { BareDriver } from './bare-driver';
import { productAndBare } from './sides';
import { captureContext, echoAnswers } from './product-context';
import { capturedRows, replay } from './product-sql';
import {
  alternate,
  callJson,
  formatRatio,
  freshDatabase,
  percentile,
  provisionUnits,
  registerOwner,
  type Owner,
} from './support';
import { getReportSummary } from '../apps/server/src/modules/history/report-summary.service';

/**
 * A year of 5-minute readings (105,120) of one unit, asked for whole:
 * - the report summary call (GET /api/reportsummary/devices/{id}, a year's graph) p50, as a ratio
 *   to the fair baseline (same statements, bare driver): the statements the product's
 *   `getReportSummary` sends — the owner's access, the year reduced per bucket in the database,
 *   the alarm spells — captured on a recording database (product-context.ts) and replayed through
 *   a `pg` pool or PGlite's own `query`, side by side where the product sends them side by side.
 *   HTTP, the session lookup, LTTB and the JSON are the product's alone;
 * - the year's CSV (POST …/generatefile): rows per second, and how much the server's resident
 *   memory grew while it wrote it (the rows are streamed, so it should not grow with the year).
 * The two sides alternate in blocks of rounds, each block warmed first; on the embedded database,
 * which admits one process, the product is restarted for each of its blocks and the bare side
 * opens the data folder for each of its own. Every call is checked: the product's statistics
 * count the year's every reading, and the baseline's statements answer as many rows as the
 * product's did.
 */
const PORT = 3957;
const READINGS = 365 * 288;
const STEP_MS = 5 * 60 * 1000;
const BLOCKS = 3;
const ROUNDS_PER_BLOCK = 5;
const WARM_UP = 2;

type Bare = BareDriver;

/** A year of readings ending now, in range but for a warm spell each week, the power off now and then. */
async function seedYear(bare: Bare, unitId: number, userDeviceId: number, end: number) {
  const start = end - READINGS * STEP_MS;
  for (let offset = 0; offset < READINGS; offset += 20_000) {
    const count = Math.min(20_000, READINGS - offset);
    const times: string[] = [];
    const temperatures: number[] = [];
    const humidities: number[] = [];
    const powers: number[] = [];
    for (let i = offset; i < offset + count; i += 1) {
      times.push(new Date(start + i * STEP_MS).toISOString());
      const day = (i % 288) / 288;
      temperatures.push(62 + 8 * Math.sin(2 * Math.PI * day) + (i % 2016 < 24 ? 30 : 0));
      humidities.push(45 + 15 * Math.cos(2 * Math.PI * day));
      powers.push(i % 5000 < 12 ? 0 : 1);
    }
    await bare.query(
      `INSERT INTO device_reports (device_id, report_timestamp, temperature, humidity, power, signal_strength)
       SELECT $1::integer, t, temp, hum, pow, 20
       FROM unnest($2::timestamptz[], $3::real[], $4::real[], $5::smallint[]) AS r(t, temp, hum, pow)
       ON CONFLICT DO NOTHING`,
      [unitId, times, temperatures, humidities, powers],
    );
  }
  // The owner registered today; a year of history is theirs only if they have owned the unit
  // that long (decision 017: a row sees readings from its visible_from on).
  await bare.query('UPDATE user_devices SET visible_from = $2 WHERE id = $1', [
    userDeviceId,
    new Date(start - STEP_MS).toISOString(),
  ]);
}

/** Warms `run`, then times it `ROUNDS_PER_BLOCK` times into `times` (ms). */
async function timeBlock(run: () => Promise<unknown>, times: number[]): Promise<void> {
  for (let i = 0; i < WARM_UP; i += 1) await run();
  for (let round = 0; round < ROUNDS_PER_BLOCK; round += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
}

/** Resident memory of the server process, and its peak so far (kB): the node child of `npm run serve`. */
function serverMemory(port: number): { rss: number; peak: number } {
  const pid = execFileSync('sh', ['-c', `ss -ltnpH 'sport = :${port}' | grep -o 'pid=[0-9]*'`])
    .toString()
    .trim()
    .split('\n')[0]!
    .slice(4);
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]);
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

export async function benchHistory(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'monitor-bench-history-'));
  const database = await freshDatabase();
  const where = { dataDir, databaseUrl: database.url };
  const isEmbedded = !database.url;
  const sides = productAndBare(where, { port: PORT, bareMax: 2 });
  const productSide = sides.product;
  const bareSide = sides.bare;
  try {
    const [unit] = await provisionUnits(where, 1);
    const end = Date.now();
    const from = Math.floor((end - READINGS * STEP_MS) / 1000);
    const to = Math.ceil(end / 1000);
    const owner: Owner & { userDeviceIds: number[] } = await registerOwner(
      (await productSide()).url,
      [unit!],
    );
    const userDeviceId = owner.userDeviceIds[0]!;
    await seedYear(await bareSide(), unit!.Id, userDeviceId, end);

    const query = { from, to, tempPref: 'F', timeZone: -5, userId: owner.userId };
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    );
    const summaryTimes: number[] = [];
    const fairTimes: number[] = [];
    let points = 0;
    let statements = 0;
    await alternate(BLOCKS, [
      async () => {
        const { url } = await productSide();
        await timeBlock(async () => {
          const summary = await callJson<{
            tempData: unknown[];
            stats: { temperature: { count: number } | null };
          }>(`${url}/api/reportsummary/devices/${userDeviceId}?${search.toString()}`, {
            token: owner.token,
          });
          if (summary.stats.temperature?.count !== READINGS)
            throw new Error(
              `history: the summary counted ${summary.stats.temperature?.count} readings, not ${READINGS}`,
            );
          points = summary.tempData.length;
        }, summaryTimes);
      },
      async () => {
        const database = await bareSide();
        // The product's statements for this call, their reads run for real once, before timing.
        const { capture } = await captureContext(echoAnswers(database));
        const { script, result } = await capture((ctx) =>
          getReportSummary(ctx, {
            callerId: owner.userId,
            userDeviceId,
            query: ReportSummaryQuery.parse(Object.fromEntries(search)),
          }),
        );
        if (result.stats.temperature?.count !== READINGS)
          throw new Error(
            `history: the captured summary counted ${result.stats.temperature?.count}`,
          );
        const expected = capturedRows(script).join(',');
        await timeBlock(async () => {
          const answered: number[] = [];
          statements = await replay(database, script, answered);
          if (answered.join(',') !== expected)
            throw new Error(
              `history: the bare statements answered ${answered.join(',')} rows, not ${expected}`,
            );
        }, fairTimes);
      },
    ]);

    const { url } = await productSide();
    const before = serverMemory(PORT);
    const started = performance.now();
    const file = await callJson<{ RowCount: number; Url: string }>(
      `${url}/api/reportlog/devices/${userDeviceId}/generatefile?${search.toString()}`,
      { method: 'POST', token: owner.token, body: {} },
    );
    const seconds = (performance.now() - started) / 1000;
    const after = serverMemory(PORT);
    const csv = await fetch(new URL(file.Url, url));
    const bytes = (await csv.arrayBuffer()).byteLength;
    if (file.RowCount !== READINGS)
      throw new Error(`history: the CSV has ${file.RowCount} rows, not ${READINGS}`);

    const fairP50 = percentile(fairTimes, 50);
    const callP50 = percentile(summaryTimes, 50);
    const rounds = BLOCKS * ROUNDS_PER_BLOCK;
    console.log(
      `History of a year (${READINGS} readings of one unit, ${isEmbedded ? 'embedded' : 'PostgreSQL'}), ${rounds} rounds a side in ${BLOCKS} alternating warmed blocks`,
    );
    console.log(
      `  GET /api/reportsummary (year, ${points} temperature points, statistics over all ${READINGS} readings): p50 ${callP50.toFixed(1)} ms, p99 ${percentile(summaryTimes, 99).toFixed(1)} ms`,
    );
    console.log(
      `  fair baseline (same statements, bare driver; ${statements} statements, the year reduced in SQL): p50 ${fairP50.toFixed(1)} ms; ratio summary/fair as rates (fair p50 / summary p50): ${formatRatio(fairP50 / callP50)}`,
    );
    console.log(
      `  CSV of the year: ${file.RowCount} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s = ${(file.RowCount / seconds).toFixed(0)} rows/s; server memory ${(before.rss / 1024).toFixed(0)} MB before, peak ${(after.peak / 1024).toFixed(0)} MB (peak before ${(before.peak / 1024).toFixed(0)} MB)`,
    );
  } finally {
    await sides.close();
    await database.drop();
  }
}
