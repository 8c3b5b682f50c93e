// Runs a Vitest project on PGlite, then again on PostgreSQL when DATABASE_URL
// is set (CI), so the backend is proven on both databases.
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
