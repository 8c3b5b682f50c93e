// Runs a Vitest project on PGlite, then again on PostgreSQL when DATABASE_URL
// is set (CI), so the backend is proven on both databases; the security
// project runs again on both outside demo mode.
import { spawnSync } from 'node:child_process';

const project = process.argv[2];
const { DATABASE_URL, ...withoutPostgres } = process.env;

function run(label, env) {
  console.log(`\n▶ ${project} tests on ${label}`);
  const r = spawnSync('npx', ['vitest', 'run', '--project', project], {
    stdio: 'inherit',
    env,
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run('PGlite', withoutPostgres);
if (DATABASE_URL) run('PostgreSQL', process.env);
// The attack suites also run against a backend outside demo mode: its own
// secret and keys, no demo-only settings (tests/support/backend.ts).
if (project === 'security') {
  const nonDemo = { PEEGA_TEST_DEMO: '0' };
  run('PGlite, non-demo mode', { ...withoutPostgres, ...nonDemo });
  if (DATABASE_URL)
    run('PostgreSQL, non-demo mode', { ...process.env, ...nonDemo });
}
