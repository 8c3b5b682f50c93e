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

/** `keys` shuffled (Fisher–Yates) by a generator seeded with the round's number. */
function orderOfRound<K>(keys: readonly K[], round: number): K[] {
  let seed = (round + 1) * 0x9e3779b1;
  const next = () => {
    // mulberry32: small, fast and good enough to vary an order.
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const out = [...keys];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Runs every operation of `ops` once per round, in turn, so that load from
 * elsewhere on the machine falls on all of them alike and their ratios stay
 * comparable; each round has an order of its own, so that every operation
 * follows each of the others about as often. Returns one result per operation, keyed like `ops`.
 */
export async function measureInterleaved<K extends string>(
  ops: Record<K, { name: string; fn: () => Promise<unknown> }>,
  { warmup = 50, iterations = 400 }: MeasureOptions = {},
): Promise<Record<K, BenchResult>> {
  const keys = Object.keys(ops) as K[];
  const times = new Map<K, number[]>(keys.map((k) => [k, []]));
  for (let i = 0; i < warmup + iterations; i++) {
    // Each round in an order of its own (a seeded shuffle, the same in
    // every run). In one fixed order an operation always follows the same
    // other one: the first, REST's simple select, always came after the
    // longest gap since its code and its connection last ran, and paid for
    // that alone. Session 12, back to back: 1.24× and 1.20× in the fixed
    // order, 1.12× and 1.12× shuffled (and slower than the embedded select
    // only in the fixed order).
    for (const k of orderOfRound(keys, i)) {
      const t = performance.now();
      await ops[k].fn();
      if (i >= warmup) times.get(k)?.push(performance.now() - t);
    }
  }
  const out = {} as Record<K, BenchResult>;
  for (const k of keys) {
    const ts = (times.get(k) ?? []).sort((a, b) => a - b);
    const at = (q: number) =>
      ts[Math.min(ts.length - 1, Math.floor(q * ts.length))] ?? 0;
    const mean = ts.reduce((a, b) => a + b, 0) / Math.max(1, ts.length);
    out[k] = {
      name: ops[k].name,
      median_ms: round(at(0.5)),
      p95_ms: round(at(0.95)),
      rps: Math.round(1000 / mean),
    };
  }
  return out;
}
