// The one readable schema stays true, and the embedded backend builds the
// same database as `supabase db push`: supabase/schema.sql is what the pushed
// database holds, and a database the embedded backend migrated holds exactly
// the pushed one's schema, role settings and rows (pg_dump's entries; the
// migration ledger aside, which the CLI and the backend keep alike but not
// byte for byte). Needs PostgreSQL and pg_dump (DATABASE_URL).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { migrate } from '../../supabase/local/db/migrate.ts';
import { openPostgres } from '../../supabase/local/db/postgres.ts';
import {
  databaseState,
  differences,
  schemaFile,
  type DatabaseState,
} from '../../scripts/schema/dump.ts';
import {
  prepareHostedLike,
  root,
  SCHEMA_FILE,
  withDatabase,
} from '../../scripts/supabase-cli.ts';

const url = inject('supabaseDbUrl');
const server = process.env.DATABASE_URL;

const withoutLedger = (s: DatabaseState): DatabaseState => ({
  ...s,
  entries: s.entries.filter(
    (e) =>
      e.schema !== 'supabase_migrations' &&
      !(e.type === 'SCHEMA' && e.name === 'supabase_migrations'),
  ),
});

describe.skipIf(!url || !server)('supabase/schema.sql', () => {
  it('is what the pushed migrations build (npm run gen:schema)', async () => {
    const bare = await prepareHostedLike(server!, 'peega_schema_base');
    try {
      const generated = await schemaFile(url!, bare.url);
      const committed = readFileSync(SCHEMA_FILE, 'utf8');
      expect(
        committed === generated,
        'supabase/schema.sql differs from the migrated database: run `npm run gen:schema`',
      ).toBe(true);
    } finally {
      await bare.drop();
    }
  });

  it('the embedded backend migrates to exactly the pushed database', async () => {
    const name = `peega_emb_schema_${process.pid}_${Date.now()}`;
    const admin = async (sql: string) => {
      const c = new pg.Client({ connectionString: server! });
      await c.connect();
      await c.query(sql).finally(() => c.end());
    };
    await admin(`create database ${name}`);
    try {
      const db = await openPostgres(withDatabase(server!, name), 2);
      try {
        await migrate(db, {
          migrationsDir: path.join(root, 'supabase/migrations'),
          seed: false,
        });
      } finally {
        await db.close();
      }
      const embedded = withoutLedger(
        await databaseState(withDatabase(server!, name)),
      );
      const pushed = withoutLedger(await databaseState(url!));
      expect(pushed.entries.length).toBeGreaterThan(1000);
      expect(differences(embedded, pushed)).toEqual([]);
    } finally {
      await admin(`drop database if exists ${name} with (force)`);
    }
  });
});
