// `npm run test:supabase` (part of `npm test`): the deploy steps of
// docs/deploy.md with Supabase's own CLI, on the PostgreSQL of DATABASE_URL.
// 1. a database prepared as hosted Supabase prepares a project,
// 2. `supabase db push` applies supabase/migrations to it,
// 3. tests/supabase: the pushed ledger, `supabase gen types` against the
//    committed types, `supabase db advisors` and `supabase db lint`, and
//    supabase/schema.sql and the embedded backend's migrated database
//    compared with the pushed one, entry by entry (instead of a third pass
//    of the permission suite: the same schema answers the same way).
// Without DATABASE_URL it says it was skipped and exits 0.
import { spawnSync } from 'node:child_process';
import { prepareHostedLike, push, serverUrl } from './supabase-cli.ts';

const server = serverUrl();
if (!server) {
  console.log(
    '\n⚠ test:supabase SKIPPED: it needs PostgreSQL (set DATABASE_URL, as .ci/run does).\n' +
      '  Not checked: supabase db push, the generated types, the advisors, the lint,\n' +
      '  and supabase/schema.sql against the pushed database.\n',
  );
  process.exit(0);
}

function step(label: string, env: Record<string, string>, args: string[]) {
  console.log(`\n▶ ${label}`);
  const r = spawnSync('npx', ['vitest', 'run', ...args], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return r.status ?? 1;
}

const started = Date.now();
console.log(
  '\n▶ supabase db push to a database prepared as a new hosted project',
);
const db = await prepareHostedLike(server);
let status: number;
try {
  const pushed = push(db.url);
  process.stdout.write(pushed.stdout);
  process.stderr.write(pushed.stderr);
  if (pushed.status !== 0) throw new Error('supabase db push failed');
  status = step(
    'Supabase CLI checks: types, advisors, lint, schema.sql, embedded = pushed',
    { PEEGA_SUPABASE_DB_URL: db.url },
    ['--project', 'supabase'],
  );
} finally {
  await db.drop();
}
console.log(
  `\ntest:supabase ${status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(status);
