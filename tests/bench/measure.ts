import type { BenchResult } from './types.ts';

export interface MeasureOptions {
  warmup?: number;
  iterations?: number;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** Runs `fn` sequentially: warm-up rounds, then timed rounds. */
export async function measure(
  name: string,
  fn: () => Promise<unknown>,
  { warmup = 30, iterations = 300 }: MeasureOptions = {},
): Promise<BenchResult> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return {
    name,
    median_ms: round(at(0.5)),
    p95_ms: round(at(0.95)),
    rps: Math.round(1000 / mean),
  };
}
