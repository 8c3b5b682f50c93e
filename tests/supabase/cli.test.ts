// Supabase's own tools against the migrated schema: the pushed ledger, the
// committed types, the advisors (splinter) and the lint (plpgsql_check).
// Needs PostgreSQL (DATABASE_URL); `npm run test:supabase` runs it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { migrate } from '../../supabase/local/db/migrate.ts';
import { openPostgres } from '../../supabase/local/db/postgres.ts';
import {
  generateTypes,
  root,
  supabase,
  TYPES_FILE,
  withDatabase,
} from '../../scripts/supabase-cli.ts';
import { ADVISOR_ALLOW_LIST, LINT_ALLOW_LIST } from './allow-list.ts';

const url = inject('supabaseDbUrl');

/** The CLI's JSON findings (it prints nothing on stdout when there are none). */
function findings<T>(args: string[]): T[] {
  const r = supabase(args, url!);
  expect(r.status, r.stderr).toBe(0);
  const out = r.stdout.trim();
  return out ? (JSON.parse(out) as T[]) : [];
}

describe.skipIf(!url)('Supabase CLI on the pushed database', () => {
  it('supabase db push recorded every migration of supabase/migrations', async () => {
    const c = new pg.Client({ connectionString: url! });
    await c.connect();
    try {
      const { rows } = await c.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations order by version',
      );
      const files = readdirSync(path.join(root, 'supabase/migrations'))
        .filter((f) => f.endsWith('.sql'))
        .map((f) => f.split('_')[0])
        .sort();
      expect(rows.map((r) => r.version)).toEqual(files);
    } finally {
      await c.end();
    }
  });

  it('shared/db/database.types.ts is what supabase gen types writes (npm run gen:types)', async () => {
    const generated = await generateTypes(url!);
    const committed = readFileSync(TYPES_FILE, 'utf8');
    expect(
      committed === generated,
      'shared/db/database.types.ts differs from `supabase gen types typescript`: run `npm run gen:types`',
    ).toBe(true);
  });

  it('supabase db advisors: no warning outside the allow-list', () => {
    const found = findings<{ cache_key: string; detail: string }>([
      'db',
      'advisors',
      '--type',
      'all',
      '--level',
      'warn',
    ]);
    const allowed = new Set(ADVISOR_ALLOW_LIST.map((a) => a.cacheKey));
    expect(found.filter((f) => !allowed.has(f.cache_key))).toEqual([]);
    const seen = new Set(found.map((f) => f.cache_key));
    expect(ADVISOR_ALLOW_LIST.filter((a) => !seen.has(a.cacheKey))).toEqual([]);
  });

  it('supabase db lint (plpgsql_check): no warning outside the allow-list', () => {
    const found = findings<{
      function: string;
      issues: { level: string; message: string }[];
    }>(['db', 'lint', '--level', 'warning']).flatMap((f) =>
      f.issues.map((i) => ({ function: f.function, ...i })),
    );
    const allows = (f: { function: string; message: string }) =>
      LINT_ALLOW_LIST.some(
        (a) => a.function === f.function && a.message.test(f.message),
      );
    expect(found.filter((f) => !allows(f))).toEqual([]);
    expect(
      LINT_ALLOW_LIST.filter(
        (a) =>
          !found.some(
            (f) => f.function === a.function && a.message.test(f.message),
          ),
      ).map((a) => `${a.function} ${a.message}`),
    ).toEqual([]);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'supabase db push finds nothing to apply on a database the embedded backend migrated and seeded',
    async () => {
      const server = process.env.DATABASE_URL!;
      const name = `peega_emb_${process.pid}_${Date.now()}`;
      const admin = async (sql: string) => {
        const c = new pg.Client({ connectionString: server });
        await c.connect();
        await c.query(sql).finally(() => c.end());
      };
      await admin(`create database ${name}`);
      try {
        const db = await openPostgres(withDatabase(server, name), 2);
        try {
          await migrate(db, {
            migrationsDir: path.join(root, 'supabase/migrations'),
            seedFile: path.join(root, 'supabase/seed.sql'),
            seed: true,
          });
        } finally {
          await db.close();
        }
        const r = supabase(
          ['db', 'push', '--dry-run'],
          withDatabase(server, name),
        );
        expect(r.status, r.stdout + r.stderr).toBe(0);
        expect(r.stdout + r.stderr).toContain('Remote database is up to date');
      } finally {
        await admin(`drop database if exists ${name} with (force)`);
      }
    },
  );
});
