import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/*
 * The product's Prometheus metrics (issue #26; each one is described in docs/operations.md).
 * An app has its own registry, so two apps in one process (the tests) count apart; Node's process
 * metrics are the process's, collected once into a registry of their own and merged in when
 * scraped (each collection starts event-loop and garbage-collection observers that never stop).
 */

let processRegistry: Registry | undefined;

function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** What the metrics read when scraped: the state of the parts that keep it themselves. */
export type MetricSources = {
  /** Live sockets open in this process (units and alarm states). */
  liveSockets: () => number;
  /** The database pool now. */
  poolUse: () => { total: number; idle: number; waiting: number };
  /** Jobs not yet worked, by queue. */
  waitingJobs: () => Promise<{ queue: string; count: number }[]>;
};

/** Request latency buckets, in seconds: a page's API calls take milliseconds, an export seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** From a second to half an hour: a message leaves at once, or after the queue's retries. */
const DELIVERY_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 1800];

/**
 * Made before the parts it watches (the job queue counts into it as it starts): the gauges that
 * read a part's own state are added by `observe`, once the parts exist.
 */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const metrics = {
    httpRequests: new Counter({
      name: 'monitor_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'monitor_http_request_duration_seconds',
      help: 'Time from a request to its answer, by method and route pattern.',
      labelNames: ['method', 'route'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    deviceReports: new Counter({
      name: 'monitor_device_reports_total',
      help: 'Readings units sent, by outcome: accepted (stored), duplicate (stored before), refused (for their date).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    ingestBatchDuration: new Histogram({
      name: 'monitor_ingest_batch_duration_seconds',
      help: 'Time to validate and store one device call, its readings committed.',
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    alarmDecisionDuration: new Histogram({
      name: 'monitor_report_to_alarm_decision_seconds',
      help: 'Time from a device call with new readings to its alarms decided and its live readings sent.',
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    deliveries: new Counter({
      name: 'monitor_deliveries_total',
      help: 'Attempts at sending a message, by channel (email, sms, voice) and outcome: sent, failed (retried later), gave_up (no retry left).',
      labelNames: ['channel', 'outcome'] as const,
      registers,
    }),
    deliveryLatency: new Histogram({
      name: 'monitor_delivery_latency_seconds',
      help: 'Time from a message being recorded to its being sent, retries included, by channel.',
      labelNames: ['channel'] as const,
      buckets: DELIVERY_BUCKETS,
      registers,
    }),
    jobs: new Counter({
      name: 'monitor_jobs_total',
      help: 'Background jobs worked by this process, by queue and outcome: done or failed (retried while retries are left).',
      labelNames: ['queue', 'outcome'] as const,
      registers,
    }),
    jobDuration: new Histogram({
      name: 'monitor_job_duration_seconds',
      help: 'Time to work one background job, by queue.',
      labelNames: ['queue'] as const,
      buckets: [...LATENCY_BUCKETS, 30, 60, 300, 1800],
      registers,
    }),
    billingCharges: new Counter({
      name: 'monitor_billing_charges_total',
      help: 'Subscriptions the billing run handled, by outcome: charged, declined, invoiced (nothing to charge), skipped (charged elsewhere, in flight or not due), failed (left for the next run).',
      labelNames: ['outcome'] as const,
      registers,
    }),
  };
  return {
    ...metrics,
    contentType: registry.contentType,
    /** Adds the gauges that read the parts' own state when scraped. */
    observe: (sources: MetricSources) => observe(registers, sources),
    /** The Prometheus text of this app's metrics and the process's. */
    scrape: () => Registry.merge([registry, processMetrics()]).metrics(),
  };
}

function observe(registers: Registry[], sources: MetricSources): void {
  new Gauge({
    name: 'monitor_live_sockets',
    help: 'Live sockets open in this process (readings and alarm states).',
    registers,
    collect() {
      this.set(sources.liveSockets());
    },
  });
  new Gauge({
    name: 'monitor_db_pool_connections',
    help: 'Database pool connections, by state: total open, idle, and queries waiting for one.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const use = sources.poolUse();
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });
  new Gauge({
    name: 'monitor_jobs_waiting',
    help: 'Background jobs not yet worked (created, or waiting to be retried), by queue.',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      this.reset();
      for (const { queue, count } of await sources.waitingJobs()) this.set({ queue }, count);
    },
  });
}

export type Metrics = ReturnType<typeof createMetrics>;
/** What the job queue counts into. */
export type JobMetrics = Pick<Metrics, 'jobs' | 'jobDuration'>;
