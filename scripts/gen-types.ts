// `npm run gen:types`: shared/db/database.types.ts from the Supabase CLI
// (`supabase gen types typescript`), run against a scratch database that
// `supabase db push` migrated on the PostgreSQL of DATABASE_URL.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  generateTypes,
  prepareHostedLike,
  push,
  root,
  serverUrl,
  TYPES_FILE,
} from './supabase-cli.ts';

const server = serverUrl();
if (!server) {
  console.error(
    'gen:types needs PostgreSQL: set DATABASE_URL to a role that may create databases, e.g.\n' +
      '  DATABASE_URL=postgres://peega:peega@127.0.0.1:5432/peega_test npm run gen:types\n' +
      '(a scratch database is created, migrated with `supabase db push`, and dropped)',
  );
  process.exit(1);
}
const db = await prepareHostedLike(server, 'peega_types');
try {
  const pushed = push(db.url);
  if (pushed.status !== 0) {
    console.error(pushed.stdout, pushed.stderr);
    throw new Error('supabase db push failed');
  }
  writeFileSync(TYPES_FILE, await generateTypes(db.url));
  console.log(`Wrote ${path.relative(root, TYPES_FILE)}`);
} finally {
  await db.drop();
}
