// Supabase's own tools against the migrated schema: the pushed ledger, the
// committed types, the advisors (splinter) and the lint (plpgsql_check).
// Needs PostgreSQL (DATABASE_URL); `npm run test:supabase` runs it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import {
  generateTypes,
  root,
  supabase,
  TYPES_FILE,
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
});
