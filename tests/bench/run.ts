// `tsx tests/bench/run.ts [names…]`: runs the named benches (default all),
// prints a table and writes bench-results/results.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { BenchResult } from './types.ts';

const BENCHES: Record<string, () => Promise<BenchResult[]>> = {
  rest: async () => (await import('./rest.ts')).benchRest(),
  realtime: async () => (await import('./realtime.ts')).benchRealtime(),
  storage: async () => (await import('./storage.ts')).benchStorage(),
  db: async () => (await import('./db.ts')).benchDb(),
  ai: async () => (await import('./ai.ts')).benchAi(),
  web: async () => (await import('./web.ts')).benchWeb(),
  extension: async () => (await import('./extension.ts')).benchExtension(),
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((n) => !(n in BENCHES));
if (unknown.length) {
  console.error(
    `Unknown bench: ${unknown.join(', ')}. Known: ${Object.keys(BENCHES).join(', ')}`,
  );
  process.exit(2);
}

const results: Record<string, BenchResult[]> = {};
for (const name of wanted.length ? wanted : Object.keys(BENCHES)) {
  const run = BENCHES[name];
  if (!run) continue;
  console.log(`Running ${name}…`);
  results[name] = await run();
}

const rows = Object.entries(results).flatMap(([bench, rs]) =>
  rs.map((r) => ({ bench, ...r })),
);
console.table(
  rows.map((r) => ({
    bench: r.bench,
    name: r.name,
    'median ms': r.median_ms,
    'p95 ms': r.p95_ms,
    rps: r.rps ?? '',
    ratio: r.ratio ?? '',
    notes: r.notes ?? '',
  })),
);
mkdirSync('bench-results', { recursive: true });
writeFileSync(
  'bench-results/results.json',
  JSON.stringify(
    { at: new Date().toISOString(), node: process.version, results },
    null,
    2,
  ) + '\n',
);
console.log('Wrote bench-results/results.json');
