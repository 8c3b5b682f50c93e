import type { BenchResult } from './types.ts';

/**
 * `npm run bench -- --smoke`: every scenario on tiny data with a few rounds,
 * only to prove the bench code still runs (see tests/bench/run.ts).
 */
export const SMOKE = process.env.PEEGA_BENCH_SMOKE === '1';

/** `full` normally, `smoke` in a smoke run. */
export const rounds = (full: number, smoke = 2) => (SMOKE ? smoke : full);

export interface MeasureOptions {
  warmup?: number;
  iterations?: number;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** Median and p95 (nearest rank) of a list of times. */
export function summarise(
  name: string,
  times: number[],
): Pick<BenchResult, 'name' | 'median_ms' | 'p95_ms'> {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { name, median_ms: round(at(0.5)), p95_ms: round(at(0.95)) };
}

/** Runs `fn` sequentially: warm-up rounds, then timed rounds (3 and 1 in a smoke run). */
export async function measure(
  name: string,
  fn: () => Promise<unknown>,
  { warmup = 30, iterations = 300 }: MeasureOptions = {},
): Promise<BenchResult> {
  if (SMOKE) {
    warmup = Math.min(warmup, 1);
    iterations = Math.min(iterations, 3);
  }
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return { ...summarise(name, times), rps: Math.round(1000 / mean) };
}
