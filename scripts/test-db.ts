// `tsx scripts/test-db.ts [--db pglite|postgres|auto] [--non-demo] <vitest args…>`:
// runs Vitest projects of the backend suites (integration, permissions,
// security) on one database.
// - postgres: DATABASE_URL's server (CI's);
// - auto (the default): DATABASE_URL when set; else a throwaway PostgreSQL
//   cluster of this run when the machine has PostgreSQL's server binaries
//   (Debian's packages; nothing to set up, removed afterwards); else PGlite;
// - pglite: PGlite, the embedded default, whatever the environment says.
// --non-demo runs the backends outside demo mode (PEEGA_TEST_DEMO=0).
// --secondary marks a second pass over suites that already ran on the other
// database (PEEGA_TEST_PASS=secondary): files that do not depend on the
// pass's database (they bring their own server) skip there.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { startPgCluster, type PgCluster } from '../tests/support/pg-cluster.ts';

const args = process.argv.slice(2);
let db = 'auto';
let nonDemo = false;
let secondary = false;
const rest: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--db') db = args[++i] ?? '';
  else if (args[i] === '--non-demo') nonDemo = true;
  else if (args[i] === '--secondary') secondary = true;
  else rest.push(args[i]!);
}
if (!['auto', 'pglite', 'postgres'].includes(db)) {
  console.error(`--db takes pglite, postgres or auto, not "${db}"`);
  process.exit(2);
}

/** The newest installed PostgreSQL server's binaries, if any. */
function serverBinaries(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  return readdirSync(base)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => path.join(base, v, 'bin'))
    .find((bin) => existsSync(path.join(bin, 'initdb')));
}

const { DATABASE_URL, ...withoutPostgres } = process.env;
let env: NodeJS.ProcessEnv = withoutPostgres;
let label = 'PGlite';
let cluster: PgCluster | undefined;
if (db === 'postgres' || (db === 'auto' && DATABASE_URL)) {
  if (!DATABASE_URL) {
    console.error('--db postgres needs DATABASE_URL');
    process.exit(2);
  }
  env = process.env;
  label = 'PostgreSQL (DATABASE_URL)';
} else if (db === 'auto') {
  const bin = serverBinaries();
  if (bin) {
    cluster = await startPgCluster(bin, {});
    // Interrupted (Ctrl-C): the cluster goes too, not only on a normal end.
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      process.once(signal, () => {
        cluster?.stop();
        process.exit(130);
      });
    env = { ...withoutPostgres, DATABASE_URL: cluster.url('postgres') };
    label = `PostgreSQL (a cluster of this run, ${bin})`;
  } else
    console.log(
      'No PostgreSQL server on this machine: the backend suites run on PGlite (slower).',
    );
}
if (secondary) env = { ...env, PEEGA_TEST_PASS: 'secondary' };
if (nonDemo) {
  env = { ...env, PEEGA_TEST_DEMO: '0' };
  label += ', outside demo mode';
}

console.log(`\n▶ vitest ${rest.join(' ')} on ${label}`);
let status: number;
try {
  const r = spawnSync('npx', ['vitest', 'run', ...rest], {
    stdio: 'inherit',
    env,
  });
  status = r.status ?? 1;
} finally {
  cluster?.stop();
}
process.exit(status);
