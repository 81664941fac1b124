/** One measured figure: `{ metric: 'transfers/s', value: 812.4, unit: 'ops/s' }`. */
export interface Figure {
  scenario?: string;
  metric: string;
  value: number | string;
  unit: string;
  note?: string;
}

export interface BenchContext {
  /** Set when the benchmark runs against a PostgreSQL server. */
  databaseUrl?: string;
  log: (line: string) => void;
}

/** A file in bench/scenarios exports one of these as default. */
export interface Scenario {
  name: string;
  description: string;
  run(ctx: BenchContext): Promise<Figure[]>;
}

/** Median and 99th percentile of latencies in milliseconds. */
export function percentiles(samplesMs: number[]): { p50: number; p99: number } {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: round(at(0.5)), p99: round(at(0.99)) };
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
