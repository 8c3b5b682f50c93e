import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

// Under `npm run test:supabase` this suite runs on copies of a database that
// `supabase db push` migrated: proves the backends really start on it, as
// they are, rather than on one they migrated themselves.
const pushed = process.env.PEEGA_TEST_PUSHED_DB;
let t: TestBackend;
beforeAll(async () => {
  if (pushed) t = await startTestBackend();
});
afterAll(() => t?.stop());

it.skipIf(!pushed)(
  'backends start on the pushed database without migrating it',
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
  },
);
