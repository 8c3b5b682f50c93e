import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

// The embedded backend on a copy of the database `supabase db push` migrated
// (PEEGA_MIGRATE=0, docs/deploy.md): it starts on it as it is, applying
// nothing, and serves it.
const url = inject('supabaseDbUrl');
let t: TestBackend;
beforeAll(async () => {
  if (url && process.env.DATABASE_URL)
    t = await startTestBackend({ copyOf: new URL(url).pathname.slice(1) });
}, 60_000);
afterAll(() => t?.stop());

it.skipIf(!url || !process.env.DATABASE_URL)(
  'a backend starts on the pushed database without migrating it and serves it',
  async () => {
    expect(t.ctx.config.migrate).toBe(false);
    expect(t.backend.migrations.applied).toEqual([]);
    // The CLI records each migration's statements and no statements_hash
    // (the embedded backend's own column).
    const { rows } = await t.ctx.db.query<{ by_cli: boolean }>(
      `select bool_and(statements_hash is null and cardinality(statements) > 0) as by_cli
         from supabase_migrations.schema_migrations`,
    );
    expect(rows[0]?.by_cli).toBe(true);
    const badges = await t.client().from('badges').select('key');
    expect(badges.error).toBeNull();
    expect(badges.data).toHaveLength(10);
  },
);
