import type { Fault } from './faults';
import type { DeliveryRecord } from './deliveries';
import type { MailCheck } from './mail-check';
import type { ProcessSample } from './metrics';
import type { SoakOptions } from './options';
import { formatQuantiles, quantilesOf, type Samples, type Window } from './samples';

/**
 * The soak's printout and its aims (issue #26): no error, no alarm e-mail lost or doubled,
 * resident memory growing under 10 % after the warm-up, and p95s that hold from the first half
 * of the measured period to the second. A missed aim makes the command exit 1.
 */

export type SoakResult = {
  options: SoakOptions;
  label: string;
  load: { start: number; end: number; series: { at: number; load: number }[] };
  samples: Samples;
  measured: Window;
  rss: { start: ProcessSample[]; middle: ProcessSample[]; end: ProcessSample[] };
  series: ProcessSample[][];
  scrapeSeconds: number;
  soakLag: { p99Ms: number; maxMs: number };
  faults: readonly Fault[];
  mail: MailCheck;
  deliveries: DeliveryRecord;
  warnings: Map<string, number>;
  /** Live readings and alarm states that came, but more than 15 s after their report's answer. */
  late: { liveReadings: number; alarmStates: number };
  connections: number[];
};

/** A p95 is steady when the second half's is at most 1.5× the first's, plus 50 ms of noise. */
const STEADY_RATIO = 1.5;
const STEADY_SLACK_MS = 50;
const RSS_GROWTH_AIM = 0.1;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const ms = (value: number) =>
  Number.isNaN(value) ? '–' : `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** The kinds the steady-p95 aim holds: what a customer and an alarm wait for. */
const STEADY_KINDS = ['reads', 'report → live reading', 'report → alarm e-mail queued'];

export function printReport(result: SoakResult): string[] {
  const { options, samples, measured } = result;
  const missed: string[] = [];
  const aim = (isMet: boolean, text: string) => {
    console.log(`  ${isMet ? 'met   ' : 'MISSED'} ${text}`);
    if (!isMet) missed.push(text);
  };
  const values = (kind: string, window: Window = measured) =>
    kind === 'reads'
      ? samples
          .kinds()
          .filter((k) => k.startsWith('read: '))
          .flatMap((k) => samples.in(k, window))
      : samples.in(kind, window);

  console.log(
    `\nSoak: ${options.units} units reporting every ${options.intervalSeconds} s, ${options.users} users, ` +
      `${options.minutes} min measured after ${options.warmupSeconds} s of warm-up (${result.label})`,
  );
  console.log(
    `Load average (1 min) ${result.load.start.toFixed(1)} at the start, ${result.load.end.toFixed(1)} at the end`,
  );
  if (result.connections.length > 0) {
    console.log(`Connections per process through the proxy: ${result.connections.join(', ')}`);
  }

  const errors = [...samples.errors()].sort((a, b) => b[1] - a[1]);
  console.log(`\nErrors by kind: ${errors.length === 0 ? 'none' : ''}`);
  for (const [kind, count] of errors) console.log(`  ${count} × ${kind}`);

  console.log('\nLatency over the measured period:');
  const print = (label: string, kind: string) =>
    console.log(`  ${label.padEnd(40)} ${formatQuantiles(quantilesOf(values(kind)))}`);
  print('reads (every GET of the users)', 'reads');
  for (const kind of samples.kinds().filter((k) => k.startsWith('read: '))) {
    print(`  ${kind.slice(6)}`, kind);
  }
  for (const kind of samples.kinds().filter((k) => k.startsWith('write: '))) {
    print(kind, kind);
  }
  for (const kind of samples
    .kinds()
    .filter((k) => k.startsWith('report → ') || k.startsWith('unit '))) {
    print(kind, kind);
  }

  console.log(
    `  later than 15 s after the report's answer: ${result.late.liveReadings} live readings, ${result.late.alarmStates} alarm states`,
  );

  console.log(`\nSteady p95 (first half → second half of the measured period):`);
  const middle = (measured.from + measured.to) / 2;
  // The measured period in minutes, or in tenths when it is shorter than 10 minutes.
  const span = measured.to - measured.from;
  const slice =
    span >= 600_000 ? { label: 'minute', ms: 60_000 } : { label: 'tenth', ms: span / 10 };
  const slices = Array.from({ length: Math.round(span / slice.ms) }, (_, i) => ({
    from: measured.from + i * slice.ms,
    to: measured.from + (i + 1) * slice.ms,
  }));
  const loadBySlice = slices.map((window) => {
    const loads = result.load.series.filter((s) => s.at >= window.from && s.at < window.to);
    return loads.length ? Math.max(...loads.map((s) => s.load)).toFixed(1) : '–';
  });
  console.log(
    `  machine load average (1 min, highest) by ${slice.label}: ${loadBySlice.join(', ')}`,
  );
  /** A kind's p95 in the first and the second half of the measured period. */
  const p95ByHalf = (kind: string) =>
    [
      quantilesOf(values(kind, { from: measured.from, to: middle })).p95,
      quantilesOf(values(kind, { from: middle, to: measured.to })).p95,
    ] as const;
  const steady = STEADY_KINDS.map((kind) => {
    const [first, second] = p95ByHalf(kind);
    const isSteady = !(second > first * STEADY_RATIO + STEADY_SLACK_MS);
    console.log(
      `  ${kind.padEnd(40)} ${ms(first)} → ${ms(second)}${first > 0 && second > 0 ? ` (${(second / first).toFixed(2)}×)` : ''}`,
    );
    console.log(
      `    p95 by ${slice.label}: ${slices.map((window) => ms(quantilesOf(values(kind, window)).p95)).join(', ')}`,
    );
    return { kind, isSteady: isSteady || Number.isNaN(first) || Number.isNaN(second) };
  });
  // Each read by half, to tell one call that grows from all of them slowing together.
  for (const kind of samples.kinds().filter((k) => k.startsWith('read: '))) {
    const [first, second] = p95ByHalf(kind);
    console.log(`    ${kind.slice(6).padEnd(38)} ${ms(first)} → ${ms(second)}`);
  }

  console.log('\nServer processes (GET /metrics):');
  const growth = result.rss.start.map((start, index) => {
    const middleSample = result.rss.middle[index]!;
    const end = result.rss.end[index]!;
    const series = result.series[index]!.filter(
      (s) => s.at >= measured.from && s.at <= measured.to,
    );
    const peak = Math.max(...series.map((s) => s.rssBytes), end.rssBytes);
    const change = end.rssBytes / start.rssBytes - 1;
    console.log(
      `  process ${index + 1}: RSS ${mb(start.rssBytes)} after warm-up, ${mb(middleSample.rssBytes)} midway, ` +
        `${mb(end.rssBytes)} at the end (${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %; peak ${mb(peak)}); ` +
        `heap used ${mb(start.heapUsedBytes)} → ${mb(end.heapUsedBytes)}; ` +
        `CPU ${((end.cpuSeconds - start.cpuSeconds) / ((end.at - start.at) / 1000)).toFixed(2)} of a core`,
    );
    console.log(
      `    event-loop delay per ${result.scrapeSeconds} s scrape: p99 median ${ms(median(series.map((s) => s.lagP99Ms)))}, ` +
        `worst p99 ${ms(Math.max(...series.map((s) => s.lagP99Ms)))}, max ${ms(Math.max(...series.map((s) => s.lagMaxMs)))}; ` +
        `live sockets ${end.liveSockets}, jobs waiting at most ${Math.max(...series.map((s) => s.jobsWaiting))} (${end.jobsWaiting} at the end), ` +
        `pool waits at most ${Math.max(...series.map((s) => s.poolWaiting))}`,
    );
    const busiest = series.reduce((most, s) => (s.jobsWaiting > most.jobsWaiting ? s : most), end);
    const waitingAtPeak = Object.entries(busiest.jobsWaitingByQueue)
      .filter(([, count]) => count > 0)
      .map(([queue, count]) => `${queue} ${count}`);
    const jobs = end.deliveryJobs.count - start.deliveryJobs.count;
    const jobSeconds = end.deliveryJobs.seconds - start.deliveryJobs.seconds;
    console.log(
      `    delivery jobs worked in the measured period ${jobs}, ${ms((jobSeconds / jobs) * 1000)} each on average; ` +
        `waiting at the peak: ${waitingAtPeak.join(', ') || 'none'}`,
    );
    console.log(
      `    readings accepted ${end.reports.accepted}, duplicates ${end.reports.duplicate}, refused ${end.reports.refused}; HTTP 5xx answered ${end.serverErrors}`,
    );
    const bySlice = (pick: (sample: ProcessSample) => number) =>
      slices
        .map((window) => series.filter((s) => s.at >= window.from && s.at < window.to).at(-1))
        .map((sample) => (sample ? mb(pick(sample)).replace(' MB', '') : '–'))
        .join(', ');
    console.log(`    RSS by ${slice.label} (MB): ${bySlice((s) => s.rssBytes)}`);
    console.log(`    heap used by ${slice.label} (MB): ${bySlice((s) => s.heapUsedBytes)}`);
    // The garbage collector's sawtooth moves RSS by 10–15 % within a minute, so growth is judged
    // on peaks: the highest of the measured period's second half against the highest before it
    // (the warm-up included). A leak raises the peaks; a collection between two points does not.
    const all = [...result.series[index]!, start, middleSample, end];
    const peakBefore = Math.max(...all.filter((s) => s.at < middle).map((s) => s.rssBytes));
    const peakAfter = Math.max(
      ...all.filter((s) => s.at >= middle && s.at <= end.at).map((s) => s.rssBytes),
    );
    const peakGrowth = peakAfter / peakBefore - 1;
    console.log(
      `    highest RSS ${mb(peakBefore)} before midway (warm-up included), ${mb(peakAfter)} after ` +
        `(${peakGrowth >= 0 ? '+' : ''}${(peakGrowth * 100).toFixed(1)} %)`,
    );
    return peakGrowth;
  });
  console.log(
    `  the soak's own process (units, users, mail sink): event-loop delay p99 ${ms(result.soakLag.p99Ms)}, max ${ms(result.soakLag.maxMs)}`,
  );
  for (const [message, count] of result.warnings)
    console.log(`  server warning: ${count} × ${message}`);

  const raised = result.faults.filter((f) => f.storedAt !== undefined);
  const inMeasured = raised.filter(
    (f) =>
      f.report!.at >= measured.from && f.report!.at < measured.to && f.clearStoredAt !== undefined,
  );
  const { mail } = result;
  console.log(
    `\nFaults: ${raised.length} raised (${raised.filter((f) => f.type === 'TEMP').length} cooling failures, ` +
      `${raised.filter((f) => f.type === 'POWER').length} power cuts), ${raised.filter((f) => f.clearStoredAt !== undefined).length} cleared; ` +
      `${inMeasured.length} raised and cleared in the measured period`,
  );
  console.log(
    `Alarm e-mails delivered to the SMTP sink: ${mail.delivered} of ${mail.expected} expected; lost ${mail.lost}, ` +
      `doubled ${mail.doubled}, no fault caused ${mail.unexpected} (other mail: ${mail.otherMail})`,
  );
  const recorded = [...result.deliveries.byKindAndStatus].map(
    ([label, count]) => `${label} ${count}`,
  );
  console.log(
    `Alarm deliveries recorded: ${recorded.join(', ') || 'none'}; sent after a retry ${result.deliveries.retried}`,
  );

  console.log('\nAims:');
  aim(errors.length === 0, 'no error of any kind');
  aim(mail.lost === 0 && mail.doubled === 0, 'no alarm e-mail lost or doubled');
  growth.forEach((change, index) =>
    aim(
      change < RSS_GROWTH_AIM,
      `process ${index + 1}: RSS grows under 10 % after the warm-up (highest after midway against before: ${(change * 100).toFixed(1)} %)`,
    ),
  );
  for (const { kind, isSteady } of steady) aim(isSteady, `steady p95: ${kind}`);
  aim(
    inMeasured.length > 0 &&
      values('report → live reading').length > 0 &&
      values('reads').length > 0,
    'the run was meaningful: a fault raised and cleared, live readings and reads measured',
  );
  return missed;
}
