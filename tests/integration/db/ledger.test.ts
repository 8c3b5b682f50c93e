import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { migrate } from '../../../supabase/local/db/migrate.ts';
import { openPglite } from '../../../supabase/local/db/pglite.ts';

// The migrations ledger is the Supabase CLI's (`supabase db push` inserts
// version, name, statements): a data folder whose ledger predates that
// (name and statements_hash not null, no statements, the seed recorded as a
// migration) is brought to it.
const dir = mkdtempSync(path.join(os.tmpdir(), 'peega-ledger-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('upgrades an earlier ledger so the CLI can record into it', async () => {
  // The earlier ledger's migration is in the folder too (it was applied).
  writeFileSync(path.join(dir, '20240101000000_old.sql'), 'select 0;');
  writeFileSync(path.join(dir, '20250101000000_first.sql'), 'select 1;');
  const db = await openPglite();
  try {
    await db.exec(`
      create schema supabase_migrations;
      create table supabase_migrations.schema_migrations (
        version text primary key, name text not null,
        statements_hash text not null,
        applied_at timestamptz not null default now());
      insert into supabase_migrations.schema_migrations (version, name, statements_hash)
        values ('20240101000000', '20240101000000_old', 'x'), ('seed', 'seed', 'y');`);
    await migrate(db, { migrationsDir: dir, seed: false });
    // What `supabase db push` runs for each migration.
    await db.query(
      `insert into supabase_migrations.schema_migrations (version, name, statements)
       values ($1, $2, $3)`,
      ['20250101000001', 'second', ['select 2']],
    );
    const { rows } = await db.query<{
      version: string;
      name: string;
      statements: string[] | null;
    }>(
      `select version, name, statements from supabase_migrations.schema_migrations order by version`,
    );
    // The seed moved where the CLI records seeds: not a migration it lacks.
    const seeds = await db.query(
      'select path, hash from supabase_migrations.seed_files',
    );
    expect(seeds.rows).toEqual([{ path: 'supabase/seed.sql', hash: 'y' }]);
    expect(rows).toEqual([
      {
        version: '20240101000000',
        name: '20240101000000_old',
        statements: null,
      },
      { version: '20250101000000', name: 'first', statements: ['select 1;'] },
      { version: '20250101000001', name: 'second', statements: ['select 2'] },
    ]);
  } finally {
    await db.close();
  }
}, 120_000); // a fresh PGlite (initdb) is slow on a loaded machine
