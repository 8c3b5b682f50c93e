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
}
