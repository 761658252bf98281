import type { Samples } from './samples';

/**
 * Each server process's own figures, read from its GET /metrics (Prometheus text, open on
 * loopback; docs/operations.md) every few seconds: resident memory, heap, CPU, event-loop delay
 * (prom-client resets its histogram at each scrape, so each sample covers the time since the
 * last), live sockets, waiting jobs and pool waits.
 */

export type ProcessSample = {
  at: number;
  rssBytes: number;
  heapUsedBytes: number;
  cpuSeconds: number;
  lagP99Ms: number;
  lagMaxMs: number;
  liveSockets: number;
  jobsWaiting: number;
  jobsWaitingByQueue: Record<string, number>;
  /** Delivery jobs this process has worked, and the seconds they took. */
  deliveryJobs: { count: number; seconds: number };
  poolWaiting: number;
  reports: Record<string, number>;
  serverErrors: number;
};

/** Metric lines as `name{labels}` → value. */
export function parseMetrics(text: string): Map<string, number> {
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    values.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return values;
}

/** The sum of a metric over the series whose labels match `labels` (a substring, e.g. `state="waiting"`). */
export function sumOf(values: Map<string, number>, name: string, labels = ''): number {
  let sum = 0;
  for (const [key, value] of values) {
    const bare = key.split('{')[0];
    if (bare === name && key.includes(labels) && Number.isFinite(value)) sum += value;
  }
  return sum;
}

/** A metric's values by one label's value, e.g. waiting jobs by `queue`. */
export function byLabel(
  values: Map<string, number>,
  name: string,
  label: string,
): Record<string, number> {
  const found: Record<string, number> = {};
  for (const [key, value] of values) {
    const match = new RegExp(`${label}="([^"]*)"`).exec(key);
    if (key.split('{')[0] === name && match) found[match[1]!] = (found[match[1]!] ?? 0) + value;
  }
  return found;
}

export async function scrapeProcess(url: string): Promise<ProcessSample> {
  const response = await fetch(`${url}/metrics`);
  if (!response.ok) throw new Error(`GET /metrics: HTTP ${response.status}`);
  const values = parseMetrics(await response.text());
  const reports: Record<string, number> = {};
  for (const outcome of ['accepted', 'duplicate', 'refused']) {
    reports[outcome] = sumOf(values, 'monitor_device_reports_total', `outcome="${outcome}"`);
  }
  return {
    at: performance.now(),
    rssBytes: sumOf(values, 'process_resident_memory_bytes'),
    heapUsedBytes: sumOf(values, 'nodejs_heap_size_used_bytes'),
    cpuSeconds: sumOf(values, 'process_cpu_seconds_total'),
    lagP99Ms: sumOf(values, 'nodejs_eventloop_lag_p99_seconds') * 1000,
    lagMaxMs: sumOf(values, 'nodejs_eventloop_lag_max_seconds') * 1000,
    liveSockets: sumOf(values, 'monitor_live_sockets'),
    jobsWaiting: sumOf(values, 'monitor_jobs_waiting'),
    jobsWaitingByQueue: byLabel(values, 'monitor_jobs_waiting', 'queue'),
    deliveryJobs: {
      count: sumOf(values, 'monitor_job_duration_seconds_count', 'queue="deliver-notification"'),
      seconds: sumOf(values, 'monitor_job_duration_seconds_sum', 'queue="deliver-notification"'),
    },
    poolWaiting: sumOf(values, 'monitor_db_pool_connections', 'state="waiting"'),
    reports,
    serverErrors: sumOf(values, 'monitor_http_requests_total', 'status="5'),
  };
}

export type MetricsWatch = {
  /** Every sample of each process, in order. */
  series: ProcessSample[][];
  /** Scrapes every process now (also kept in `series`). */
  snapshot: () => Promise<ProcessSample[]>;
  stop: () => void;
};

export function watchMetrics(
  urls: readonly string[],
  samples: Samples,
  everyMs: number,
): MetricsWatch {
  const series: ProcessSample[][] = urls.map(() => []);
  const snapshot = () =>
    Promise.all(
      urls.map(async (url, index) => {
        const sample = await scrapeProcess(url);
        series[index]!.push(sample);
        return sample;
      }),
    );
  const timer = setInterval(() => {
    snapshot().catch((error: Error) => samples.error(`metrics: ${error.message}`));
  }, everyMs);
  return { series, snapshot, stop: () => clearInterval(timer) };
}
