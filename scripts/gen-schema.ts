// `npm run gen:schema`: supabase/schema.sql, the current schema in one file,
// from two scratch databases on the PostgreSQL of DATABASE_URL: one prepared
// as a new hosted project, one also migrated with `supabase db push`.
import { writeFileSync } from 'node:fs';
import { schemaFile } from './schema/dump.ts';
import {
  prepareHostedLike,
  push,
  SCHEMA_FILE,
  serverUrl,
} from './supabase-cli.ts';

const server = serverUrl();
if (!server) {
  console.error(
    'gen:schema needs PostgreSQL and pg_dump: set DATABASE_URL to a role that may create databases, e.g.\n' +
      '  DATABASE_URL=postgres://peega:peega@127.0.0.1:5432/peega_test npm run gen:schema',
  );
  process.exit(1);
}
const bare = await prepareHostedLike(server, 'peega_schema_base');
const pushed = await prepareHostedLike(server, 'peega_schema');
try {
  const r = push(pushed.url);
  if (r.status !== 0) {
    console.error(r.stdout, r.stderr);
    throw new Error('supabase db push failed');
  }
  writeFileSync(SCHEMA_FILE, await schemaFile(pushed.url, bare.url));
  console.log('Wrote supabase/schema.sql');
} finally {
  await pushed.drop();
  await bare.drop();
}
