// `npm run bench [-- <name>…] [--smoke] [--out <file>]`
//
// Runs the named scenarios (default: all) one after the other, prints ONE
// table at the end and writes bench/results.json: the machine, the versions,
// the dataset, and for each figure its median, p95, target and verdict.
// A scenario that throws is reported and the others still run; the exit code
// is then 1.
//
// --smoke: every scenario on tiny data with a few rounds (PEEGA_BENCH_SMOKE=1),
// written to test-results/bench-smoke.json; fails unless every scenario
// produced finite numbers. `npm run test:bench-smoke` (part of `npm test`).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeTarget, meetsTarget, type BenchResult } from './types.ts';

const BENCHES: Record<string, () => Promise<BenchResult[]>> = {
  rest: async () => (await import('./rest.ts')).benchRest(),
  realtime: async () => (await import('./realtime.ts')).benchRealtime(),
  storage: async () => (await import('./storage.ts')).benchStorage(),
  db: async () => (await import('./db.ts')).benchDb(),
  ai: async () => (await import('./ai.ts')).benchAi(),
  web: async () => (await import('./web.ts')).benchWeb(),
  extension: async () => [
    ...(await (await import('./extension.ts')).benchExtension()),
    // Whole-page capture (issue #26), a section of its own.
    ...(await (await import('./extension-capture.ts')).benchCapture()),
  ],
  functions: async () => (await import('./functions.ts')).benchFunctions(),
};
const ALIASES: Record<string, string> = { scale: 'db' };

const root = fileURLToPath(new URL('../..', import.meta.url));

function parseArgs(argv: string[]) {
  const names: string[] = [];
  let smoke = false;
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--smoke') smoke = true;
    else if (a === '--out') out = argv[++i];
    else names.push(ALIASES[a] ?? a);
  }
  return {
    names,
    smoke,
    out:
      out ?? (smoke ? 'test-results/bench-smoke.json' : 'bench/results.json'),
  };
}

function version(cmd: string, args: string[], pattern: RegExp) {
  try {
    const text = execFileSync(cmd, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
    });
    return text.match(pattern)?.[1] ?? text.trim();
  } catch {
    return null;
  }
}

function packageVersion(name: string) {
  try {
    const file = path.join(root, 'node_modules', name, 'package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string })
      .version;
  } catch {
    return null;
  }
}

async function postgresVersion() {
  const url = process.env.DATABASE_URL;
  if (!url) return null;
  try {
    const pg = (await import('pg')).default;
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const r = await c.query<{ v: string }>('select version() as v');
    await c.end();
    return r.rows[0]?.v ?? null;
  } catch {
    return null;
  }
}

async function environment() {
  const { chromiumPath } = await import('../../playwright.config.ts');
  const cpus = os.cpus();
  return {
    machine: {
      cpus: cpus.length,
      model: cpus[0]?.model ?? 'unknown',
      memory_gb: Math.round(os.totalmem() / 1024 ** 3),
      os: `${os.type()} ${os.release()} ${os.arch()}`,
    },
    versions: {
      node: process.version,
      postgres: await postgresVersion(),
      pglite: packageVersion('@electric-sql/pglite'),
      supabase_js: packageVersion('@supabase/supabase-js'),
      chromium: version(chromiumPath, ['--version'], /([\d.]+)/),
      playwright: packageVersion('playwright-core'),
    },
  };
}

const fmt = (n: number | undefined) =>
  n === undefined || Number.isNaN(n) ? '' : String(n);

/** A verdict for the table: ok, MISS, or blank without a target. */
const verdict = (pass: boolean | undefined) =>
  pass === undefined ? '' : pass ? 'ok' : 'MISS';

const finite = (r: BenchResult) =>
  [r.median_ms, r.p95_ms, r.value, r.ratio, r.rps]
    .filter((v) => v !== undefined)
    .every((v) => typeof v === 'number' && Number.isFinite(v));

async function main() {
  const { names, smoke, out } = parseArgs(process.argv.slice(2));
  const unknown = names.filter((n) => !(n in BENCHES));
  if (unknown.length) {
    console.error(
      `Unknown bench: ${unknown.join(', ')}. Known: ${Object.keys(BENCHES).join(', ')} (scale = db); options --smoke, --out <file>.`,
    );
    process.exit(2);
  }
  if (smoke) process.env.PEEGA_BENCH_SMOKE = '1';
  const env = await environment();

  const results: Record<string, BenchResult[]> = {};
  const errors: Record<string, string> = {};
  const seconds: Record<string, number> = {};
  for (const name of names.length ? names : Object.keys(BENCHES)) {
    console.error(`Running ${name}…`);
    const started = performance.now();
    try {
      results[name] = (await BENCHES[name]!()).map((r) => ({
        ...r,
        pass: r.pass ?? meetsTarget(r),
      }));
    } catch (e) {
      errors[name] = e instanceof Error ? (e.stack ?? e.message) : String(e);
      console.error(`${name} failed: ${errors[name]}`);
    }
    seconds[name] = Math.round((performance.now() - started) / 100) / 10;
  }

  const rows = Object.entries(results).flatMap(([bench, rs]) =>
    rs.map((r) => ({
      bench,
      name: r.name,
      'p50 ms': r.median_ms ? fmt(r.median_ms) : '',
      'p95 ms': r.p95_ms ? fmt(r.p95_ms) : '',
      value:
        r.value !== undefined
          ? `${r.value} ${r.unit ?? ''}`.trim()
          : r.ratio !== undefined
            ? `${r.ratio}×`
            : r.rps !== undefined
              ? `${r.rps} req/s`
              : '',
      target: describeTarget(r.target, r.unit),
      pass: verdict(r.pass),
    })),
  );
  console.table(rows);
  for (const r of Object.values(results).flat()) {
    if (r.notes) console.log(`- ${r.name}: ${r.notes}`);
  }

  const dataset = results.db?.[0]?.notes ?? null;
  mkdirSync(path.dirname(path.resolve(root, out)), { recursive: true });
  writeFileSync(
    path.resolve(root, out),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        smoke,
        ...env,
        dataset,
        seconds,
        errors,
        results,
      },
      null,
      2,
    ) + '\n',
  );
  console.error(`Wrote ${out}`);

  let failed = Object.keys(errors).length > 0;
  if (smoke) {
    for (const [name, rs] of Object.entries(results)) {
      if (!rs.length || !rs.every(finite)) {
        console.error(`Smoke: ${name} produced no numbers or non-finite ones.`);
        failed = true;
      }
    }
  }
  process.exit(failed ? 1 : 0);
}

await main();
