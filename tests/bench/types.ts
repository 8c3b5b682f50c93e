/** What a figure must reach; each bound is checked when present. */
export interface Target {
  median_ms?: number;
  p95_ms?: number;
  /** Upper bound of `value` (KB, a ratio…). */
  max?: number;
  /** Lower bound of `value` (requests per second…). */
  min?: number;
  /** Upper bound of `ratio`. */
  ratio?: number;
}

/** One measured operation of a benchmark run. */
export interface BenchResult {
  name: string;
  median_ms: number;
  p95_ms: number;
  /** Requests per second: sequential (1000 / mean), or under concurrent load. */
  rps?: number;
  /** A ratio the bench is judged by (e.g. REST ÷ (SQL + empty round trip)). */
  ratio?: number;
  notes?: string;
  /** Share of correct answers per field (0 to 1), for benches that classify. */
  accuracy?: Record<string, number>;
  /** A figure that is not a time (gzipped KB, requests per second), in `unit`. */
  value?: number;
  unit?: string;
  target?: Target;
  /** Whether `target` is met; the runner fills it in from `target` when absent. */
  pass?: boolean;
}

/** Whether a result meets its target (undefined: no target). */
export function meetsTarget(r: BenchResult): boolean | undefined {
  const t = r.target;
  if (!t) return undefined;
  const checks: boolean[] = [];
  if (t.median_ms !== undefined) checks.push(r.median_ms <= t.median_ms);
  if (t.p95_ms !== undefined) checks.push(r.p95_ms <= t.p95_ms);
  if (t.max !== undefined) checks.push((r.value ?? Infinity) <= t.max);
  if (t.min !== undefined) checks.push((r.value ?? -Infinity) >= t.min);
  if (t.ratio !== undefined) checks.push((r.ratio ?? Infinity) <= t.ratio);
  return checks.length ? checks.every(Boolean) : undefined;
}

/** "p95 ≤ 20 ms", "≤ 100 KB", … */
export function describeTarget(t: Target | undefined, unit = ''): string {
  if (!t) return '';
  const parts: string[] = [];
  if (t.median_ms !== undefined) parts.push(`p50 ≤ ${t.median_ms} ms`);
  if (t.p95_ms !== undefined) parts.push(`p95 ≤ ${t.p95_ms} ms`);
  if (t.max !== undefined) parts.push(`≤ ${t.max}${unit ? ` ${unit}` : ''}`);
  if (t.min !== undefined) parts.push(`≥ ${t.min}${unit ? ` ${unit}` : ''}`);
  if (t.ratio !== undefined) parts.push(`ratio ≤ ${t.ratio}`);
  return parts.join(', ');
}
