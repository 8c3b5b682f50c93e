// `npm test` (tier "main") and `npm run test:ci` (tier "ci", what .ci/run adds
// on top): every stage in order, each timed; stops at the first failure and
// prints how long each stage took.
//
// main: every assertion once. The backend suites (integration, permissions,
// security) run in one Vitest invocation on PostgreSQL when the machine has it
// (DATABASE_URL, or a throwaway cluster; scripts/test-db.ts), else PGlite;
// the end-to-end journeys run on PGlite backends, one per Playwright worker.
// ci: the other database for the backend suites, the suites whose behaviour
// depends on demo mode outside it, the Supabase CLI on a pushed database, the
// bench smoke and the load run. Needs DATABASE_URL.
import { spawn } from 'node:child_process';

interface Stage {
  name: string;
  cmd: string[];
  env?: NodeJS.ProcessEnv;
  /**
   * Runs at a lower CPU priority (nice 10): a throughput stage beside a
   * latency-bound one takes only the cycles the other leaves idle.
   */
  yields?: boolean;
}
/**
 * A step: one stage, or lanes that run side by side, each a list of stages
 * in order. The backend suites keep about 1.5 of the two cores busy, so the
 * single-threaded checks run beside them instead of after.
 */
type Step = Stage | { lanes: Stage[][] };

const npm = (script: string, ...args: string[]) => [
  'npm',
  'run',
  '--silent',
  script,
  ...(args.length ? ['--', ...args] : []),
];
const backendProjects = [
  '--project',
  'integration',
  '--project',
  'permissions',
  '--project',
  'security',
];
/** Attack suites whose backends behave differently outside demo mode (keys, mailbox, confirmation, Prefer, demo-only RPCs). */
const modeDependent = [
  'tests/security/gateway.test.ts',
  'tests/security/api-keys.test.ts',
  'tests/security/auth-abuse.test.ts',
  'tests/security/auth-limits.test.ts',
  'tests/security/rest-limits.test.ts',
  'tests/security/fuzz.test.ts',
  'tests/security/company-feed.test.ts',
  'tests/security/media.test.ts',
  'tests/security/storage-downloads.test.ts',
];
const testDb = (...args: string[]) => [
  'npx',
  'tsx',
  'scripts/test-db.ts',
  ...args,
];

const tiers: Record<string, Step[]> = {
  main: [
    { name: 'browsers', cmd: ['node', 'scripts/require-chromium.mjs'] },
    {
      // Measured on the 2-core machine: the backend suites alone in one
      // lane, the four checks in the other (moving lint to the first made
      // both lanes slower: the suites and unit compete for the cores). The
      // suites mostly wait on timers, sockets and the database, and a wait
      // that ends while the checks hold both cores stretches every file:
      // 154 s alone, 298 s beside the checks at the same priority. So the
      // checks yield, and fill the cores the suites leave idle.
      lanes: [
        [{ name: 'backend suites', cmd: testDb(...backendProjects) }],
        [
          { name: 'typecheck', cmd: npm('typecheck'), yields: true },
          { name: 'lint', cmd: npm('lint'), yields: true },
          { name: 'format', cmd: npm('format:check'), yields: true },
          { name: 'unit', cmd: npm('test:unit'), yields: true },
        ],
      ],
    },
    // After the lanes: the npm start test (backend suites) builds too.
    { name: 'build web', cmd: npm('build:web') },
    { name: 'build extension (Chromium)', cmd: npm('build:ext') },
    { name: 'build extension (Firefox)', cmd: npm('build:ext:firefox') },
    { name: 'web-ext lint', cmd: npm('lint:ext:firefox') },
    {
      name: 'end-to-end',
      cmd: ['npx', 'playwright', 'test'],
      // Every assertion, none of the screens saved for people to look at
      // (tests/e2e/web/support.ts): `npx playwright test` saves them.
      env: { PEEGA_E2E_SHOTS: '0' },
    },
    { name: 'budgets', cmd: npm('test:budgets') },
  ],
  ci: [
    {
      name: 'backend suites on PGlite',
      cmd: testDb('--db', 'pglite', '--secondary', ...backendProjects),
    },
    {
      name: 'security outside demo mode, PGlite',
      cmd: testDb(
        '--db',
        'pglite',
        '--non-demo',
        '--project',
        'security',
        ...modeDependent,
      ),
    },
    {
      name: 'security outside demo mode, PostgreSQL',
      cmd: testDb(
        '--db',
        'postgres',
        '--non-demo',
        '--project',
        'security',
        ...modeDependent,
      ),
    },
    { name: 'Supabase CLI on a pushed database', cmd: npm('test:supabase') },
    { name: 'bench smoke', cmd: npm('test:bench-smoke') },
    { name: 'load', cmd: npm('test:load') },
  ],
};

const tier = process.argv[2] ?? 'main';
const stages = tiers[tier];
if (!stages) {
  console.error(`unknown tier "${tier}" (main or ci)`);
  process.exit(2);
}
if (tier === 'ci' && !process.env.DATABASE_URL) {
  console.error(
    'npm run test:ci needs DATABASE_URL (PostgreSQL), as .ci/run sets it.',
  );
  process.exit(2);
}

const fmt = (ms: number) => `${(ms / 1000).toFixed(0).padStart(5)} s`;
const done: { name: string; ms: number; ok: boolean }[] = [];
const started = Date.now();
function summary() {
  console.log(`\nStages (${tier}):`);
  for (const s of done)
    console.log(`  ${s.ok ? '✓' : '✗'} ${fmt(s.ms)}  ${s.name}`);
  console.log(`    ${fmt(Date.now() - started)}  in all`);
}

const running = new Set<ReturnType<typeof spawn>>();
/**
 * Runs a stage; `buffered` keeps its output until it ends, so lanes running
 * side by side print one stage at a time instead of interleaved lines.
 */
function run(stage: Stage, buffered: boolean): Promise<boolean> {
  const header = `\n━━ ${stage.name} ━━ (${stage.cmd.join(' ')})`;
  if (!buffered) console.log(header);
  const t0 = Date.now();
  const cmd = stage.yields ? ['nice', '-n', '10', ...stage.cmd] : stage.cmd;
  const child = spawn(cmd[0]!, cmd.slice(1), {
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...stage.env },
    // Its own process group, so a failure elsewhere stops all it started.
    detached: buffered,
  });
  running.add(child);
  const out: Buffer[] = [];
  child.stdout?.on('data', (b: Buffer) => out.push(b));
  child.stderr?.on('data', (b: Buffer) => out.push(b));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(child);
      const ok = code === 0;
      if (buffered) {
        console.log(header);
        process.stdout.write(Buffer.concat(out));
      }
      done.push({ name: stage.name, ms: Date.now() - t0, ok });
      if (!ok)
        console.error(`\n${stage.name} failed (exit ${code ?? signal}).`);
      resolve(ok);
    });
  });
}

async function runLane(lane: Stage[], buffered: boolean): Promise<boolean> {
  for (const stage of lane) if (!(await run(stage, buffered))) return false;
  return true;
}

function fail(): never {
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  }
  summary();
  process.exit(1);
}
process.on('SIGINT', fail);

for (const step of stages) {
  if ('lanes' in step) {
    const results = await Promise.all(
      step.lanes.map((lane) =>
        // The first failure stops the other lanes too.
        runLane(lane, true).then((ok) => (ok ? ok : fail())),
      ),
    );
    if (!results.every(Boolean)) fail();
  } else if (!(await run(step, false))) fail();
}
summary();
