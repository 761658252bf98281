import { percentile } from '../support';

/**
 * What the soak measures as it runs: latency samples by kind, each stamped with when it was
 * taken (performance.now()), and errors counted by kind. Samples are kept whole, so the report
 * can take any window of them (the measured period, its halves); a 10-minute run keeps a few
 * thousand.
 */

export type Sample = { at: number; ms: number };

export type Window = { from: number; to: number };

export type Samples = {
  add(kind: string, ms: number, at?: number): void;
  error(kind: string, count?: number): void;
  kinds(): string[];
  in(kind: string, window: Window): number[];
  errors(): Map<string, number>;
};

export function createSamples(): Samples {
  const byKind = new Map<string, Sample[]>();
  const errors = new Map<string, number>();
  return {
    add(kind, ms, at = performance.now()) {
      const list = byKind.get(kind) ?? [];
      list.push({ at, ms });
      byKind.set(kind, list);
    },
    error(kind, count = 1) {
      errors.set(kind, (errors.get(kind) ?? 0) + count);
    },
    kinds: () => [...byKind.keys()].sort(),
    in: (kind, { from, to }) =>
      (byKind.get(kind) ?? []).filter((s) => s.at >= from && s.at < to).map((s) => s.ms),
    errors: () => errors,
  };
}

export type Quantiles = { n: number; p50: number; p95: number; p99: number };

export function quantilesOf(values: readonly number[]): Quantiles {
  return {
    n: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
  };
}

export function formatQuantiles({ n, p50, p95, p99 }: Quantiles): string {
  if (n === 0) return 'no samples';
  const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
  return `p50 ${ms(p50)}, p95 ${ms(p95)}, p99 ${ms(p99)} (n=${n})`;
}
