/** One measured operation of a benchmark run. */
export interface BenchResult {
  name: string;
  median_ms: number;
  p95_ms: number;
  /** Sequential requests per second (1000 / mean). */
  rps?: number;
  notes?: string;
  /** Share of correct answers per field (0 to 1), for benches that classify. */
  accuracy?: Record<string, number>;
}
