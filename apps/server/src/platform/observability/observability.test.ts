import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice, deviceAuth } from '../../../test/helpers/devices';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

const METRICS_TOKEN = 'a-metrics-token-of-at-least-32-characters';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ config: { metricsToken: METRICS_TOKEN } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers });

describe('health and readiness, over a real socket (issue #26)', () => {
  it('GET /health answers that the process is alive, with no session', async () => {
    const response = await get('/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('GET /ready answers ready when the database, its migrations, the job queue and the live notifications are', async () => {
    const response = await get('/ready');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready' });
  });

  it('GET /ready answers 503 naming a migration the database lacks, and nothing more', async () => {
    const [last] = (
      await sql<{
        name: string;
      }>`SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1`.execute(t.ctx.db)
    ).rows;
    await sql`DELETE FROM schema_migrations WHERE name = ${last!.name}`.execute(t.ctx.db);
    try {
      const response = await get('/ready');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: { code: 503, message: 'Not ready: migrations.' },
      });
    } finally {
      await sql`INSERT INTO schema_migrations (name) VALUES (${last!.name})`.execute(t.ctx.db);
    }
    expect((await get('/ready')).status).toBe(200);
  });
});

describe('metrics in Prometheus text, over a real socket (issue #26)', () => {
  it('counts answered requests by route pattern and status, with their latency', async () => {
    await get('/health');
    await get('/api/users/12345/devices'); // no session: 401
    const response = await get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toMatch(
      /^monitor_http_requests_total\{method="GET",route="\/health",status="200"\} [1-9]/m,
    );
    expect(text).toMatch(
      /^monitor_http_requests_total\{method="GET",route="\/api\/users\/:userId\/devices",status="401"\} 1$/m,
    );
    expect(text).toMatch(
      /^monitor_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/health"\} /m,
    );
  });

  it('reads the live sockets, the database pool, the waiting jobs and the process when scraped', async () => {
    const text = await (await get('/metrics')).text();
    expect(text).toMatch(/^monitor_live_sockets 0$/m);
    expect(text).toMatch(/^monitor_db_pool_connections\{state="total"\} [1-9]/m);
    expect(text).toMatch(/^monitor_jobs_waiting\{queue="[^"]+"\} \d+$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  });

  it('refuses a request a proxy forwarded unless it shows the metrics token', async () => {
    const forwarded = { 'x-forwarded-for': '203.0.113.9' };
    const refused = await get('/metrics', forwarded);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: {
        code: 403,
        message: 'The metrics answer on this machine, or with the metrics token.',
      },
    });
    expect((await get('/metrics', { ...forwarded, authorization: 'Bearer wrong' })).status).toBe(
      403,
    );
    const allowed = await get('/metrics', {
      ...forwarded,
      authorization: `Bearer ${METRICS_TOKEN}`,
    });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('monitor_http_requests_total');
  });
});

describe('device report metrics (issue #26)', () => {
  it('counts readings accepted and duplicate, and times the batch and its alarm decision', async () => {
    const unit = await createDevice(t.ctx);
    const reading = (minute: number) => ({
      ReportTimestamp: new Date(Date.parse('2026-11-22T11:00:00Z') + minute * 60_000).toISOString(),
      Temperature: 68.4,
      Humidity: 41,
      Power: 1,
      SignalStrength: 22,
    });
    const report = (minutes: number[]) =>
      fetch(`${base}/device-api/v1/reports`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...deviceAuth(unit) },
        body: JSON.stringify({ Reports: minutes.map(reading) }),
      });
    expect((await report([1, 2])).status).toBe(200);
    expect((await report([2, 3])).status).toBe(200); // minute 2 again
    const text = await (await get('/metrics')).text();
    expect(text).toMatch(/^monitor_device_reports_total\{outcome="accepted"\} 3$/m);
    expect(text).toMatch(/^monitor_device_reports_total\{outcome="duplicate"\} 1$/m);
    expect(text).toMatch(/^monitor_ingest_batch_duration_seconds_count 2$/m);
    expect(text).toMatch(/^monitor_report_to_alarm_decision_seconds_count 2$/m);
  });
});

describe('metrics for a scraper on another machine (issue #26)', () => {
  it('answers one that shows the metrics token and refuses one that does not', async () => {
    const from = { method: 'GET' as const, url: '/metrics', remoteAddress: '203.0.113.9' };
    expect((await t.app.inject(from)).statusCode).toBe(403);
    const shown = await t.app.inject({
      ...from,
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(shown.statusCode).toBe(200);
  });
});

describe('readiness once the job queue has stopped (issue #26)', () => {
  it('GET /ready answers 503 naming the job queue', async () => {
    await t.jobs.stop();
    const response = await get('/ready');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: { code: 503, message: 'Not ready: job queue.' },
    });
  });
});

describe("the operator's documents name the metrics there are (issue #26, docs/operations.md)", () => {
  const doc = (path: string) =>
    readFileSync(new URL(`../../../../../${path}`, import.meta.url), 'utf8');
  /** Metric names a text mentions, a histogram's series named by the histogram. */
  const mentioned = (text: string) =>
    new Set(
      [...text.matchAll(/\bmonitor_[a-z_]+/g)].map(([name]) =>
        name.replace(/_(bucket|count|sum)$/, ''),
      ),
    );

  it('documents every metric the product exposes, and the dashboard and alert rules use only those', async () => {
    const exposed = new Set(
      [...(await t.ctx.metrics.scrape()).matchAll(/^# TYPE (monitor_[a-z_]+) /gm)].map(
        ([, name]) => name!,
      ),
    );
    expect(exposed.size).toBeGreaterThanOrEqual(13);
    const operations = doc('docs/operations.md');
    expect([...exposed].filter((name) => !operations.includes(`| \`${name}\``))).toEqual([]);
    const used = [
      ...mentioned(operations),
      ...mentioned(doc('docs/grafana/monitor-dashboard.json')),
    ];
    expect(used.filter((name) => !exposed.has(name))).toEqual([]);
  });
});
