import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate, MigrationError } from '../../../supabase/local/db/migrate.ts';
import type { Db } from '../../../supabase/local/db/types.ts';

// The product's start-up path on an empty database (test backends start from
// a migrated template, so this is where a fresh bootstrap stays proven):
// migrations in name order, each once and recorded; a failing one stops with
// its file name and Postgres's message; the seed only on a fresh database.
const dir = mkdtempSync(path.join(os.tmpdir(), 'peega-migrate-'));
const seedDir = mkdtempSync(path.join(os.tmpdir(), 'peega-seed-'));
const seedFile = path.join(seedDir, 'seed.sql');
const file = (name: string, sql: string) =>
  writeFileSync(path.join(dir, name), sql);
let db: Db;
let drop: (() => Promise<void>) | undefined;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `peega_test_${randomBytes(6).toString('hex')}`;
    await admin(`create database ${name}`);
    const u = new URL(baseUrl);
    u.pathname = `/${name}`;
    const { openPostgres } =
      await import('../../../supabase/local/db/postgres.ts');
    db = await openPostgres(u.toString(), 2);
    drop = () => admin(`drop database if exists ${name} with (force)`);
  } else {
    const { openPglite } = await import('../../../supabase/local/db/pglite.ts');
    db = await openPglite();
  }
  file('20250101000000_first.sql', 'create table public.m (n int);');
  file('20250101000001_second.sql', 'insert into public.m values (2);');
  writeFileSync(seedFile, 'insert into public.m values (100);');
}, 60_000);

afterAll(async () => {
  await db?.close();
  await drop?.();
  rmSync(dir, { recursive: true, force: true });
  rmSync(seedDir, { recursive: true, force: true });
});

const rows = async () =>
  (await db.query<{ n: number }>('select n from public.m order by n')).rows.map(
    (r) => r.n,
  );

it('applies every migration in name order, records it and seeds a fresh database', async () => {
  const r = await migrate(db, {
    migrationsDir: dir,
    seedFile,
    seed: true,
  });
  expect(r).toEqual({
    applied: ['20250101000000_first.sql', '20250101000001_second.sql'],
    seeded: true,
  });
  expect(await rows()).toEqual([2, 100]);
  const { rows: recorded } = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations order by version',
  );
  expect(recorded.map((v) => v.version)).toEqual([
    '20250101000000',
    '20250101000001',
  ]);
  // The seed where `supabase db push --include-seed` records it.
  const { rows: seeds } = await db.query<{ path: string }>(
    'select path from supabase_migrations.seed_files',
  );
  expect(seeds).toEqual([{ path: 'supabase/seed.sql' }]);
});

it('applies nothing twice and does not seed again on a restart', async () => {
  const r = await migrate(db, {
    migrationsDir: dir,
    seedFile,
    seed: true,
  });
  expect(r).toEqual({ applied: [], seeded: false });
  expect(await rows()).toEqual([2, 100]);
});

it('stops at a failing migration with its file name and message; later ones wait', async () => {
  file('20250101000002_broken.sql', 'insert into public.nope values (1);');
  file('20250101000003_after.sql', 'insert into public.m values (3);');
  const failure = migrate(db, { migrationsDir: dir, seed: false });
  await expect(failure).rejects.toBeInstanceOf(MigrationError);
  await expect(failure).rejects.toThrow(
    /^Migration 20250101000002_broken\.sql failed: .*"public\.nope" does not exist/,
  );
  expect(await rows()).toEqual([2, 100]);
  const { rows: recorded } = await db.query<{ version: string }>(
    `select version from supabase_migrations.schema_migrations
      where version in ('20250101000002', '20250101000003')`,
  );
  expect(recorded).toEqual([]);
});

it('runs a migration again when it lost a race on the cluster-wide role catalogue', async () => {
  // Role settings are shared by every database of a server: two databases
  // migrating at once (`alter role anon set …`) make Postgres refuse the
  // later with "tuple concurrently updated" (XX000). The migration was
  // rolled back whole, so it is simply run again, and recorded once.
  const raceDir = mkdtempSync(path.join(os.tmpdir(), 'peega-race-'));
  for (const applied of ['20250101000000_first', '20250101000001_second'])
    writeFileSync(path.join(raceDir, `${applied}.sql`), 'select 1;');
  writeFileSync(
    path.join(raceDir, '20250102000000_race.sql'),
    'insert into public.m values (4);',
  );
  let refusals = 2;
  const racing: Db = {
    ...db,
    transaction: (fn, options) =>
      db.transaction(
        (tx) =>
          fn({
            ...tx,
            exec: async (sql: string) => {
              if (sql.includes('values (4)') && refusals-- > 0)
                throw Object.assign(new Error('tuple concurrently updated'), {
                  code: 'XX000',
                });
              await tx.exec(sql);
            },
          }),
        options,
      ),
  };
  try {
    const r = await migrate(racing, { migrationsDir: raceDir, seed: false });
    expect(r.applied).toEqual(['20250102000000_race.sql']);
    expect(refusals).toBe(-1);
    expect(await rows()).toEqual([2, 4, 100]);
  } finally {
    rmSync(raceDir, { recursive: true, force: true });
  }
});

it('refuses a database whose ledger names migrations the folder lacks, as supabase db push does', async () => {
  // A database built by another chain (the migrations the schema baseline
  // replaced): applying this folder's files on top of it would fail midway.
  const other = mkdtempSync(path.join(os.tmpdir(), 'peega-other-'));
  writeFileSync(
    path.join(other, '20250101000000_first.sql'),
    'create table public.m (n int);',
  );
  try {
    await expect(
      migrate(db, { migrationsDir: other, seed: false }),
    ).rejects.toThrow(
      /records 2 migration\(s\) that .* does not have \(20250101000001, 20250102000000\): it was built by another migration chain.*remove the data folder/,
    );
    const { rows: recorded } = await db.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    expect(recorded.map((v) => v.version)).toEqual([
      '20250101000000',
      '20250101000001',
      '20250102000000',
    ]);
  } finally {
    rmSync(other, { recursive: true, force: true });
  }
});
