import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate } from '../../supabase/local/db/migrate.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

// Starting again on a migrated database (what every restart does) must not
// hand back the privileges the migrations took away.
let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
  await migrate(t.ctx.db, {
    migrationsDir: t.ctx.config.migrationsDir,
    seed: false,
  });
  await t.ctx.db.exec(
    `create function public.added_after_restart() returns int language sql as 'select 1'`,
  );
});
afterAll(() => t?.stop());

it.each(['anon', 'authenticated'])(
  '%s cannot execute a function created after a restart until it is granted',
  async (role) => {
    const { rows } = await t.ctx.db.query<{ ok: boolean }>(
      `select has_function_privilege($1, 'public.added_after_restart()', 'execute') as ok`,
      [role],
    );
    expect(rows[0]?.ok).toBe(false);
  },
);

it.each(['anon', 'authenticated'])(
  '%s cannot create objects in public',
  async (role) => {
    const { rows } = await t.ctx.db.query<{ ok: boolean }>(
      `select has_schema_privilege($1, 'public', 'create') as ok`,
      [role],
    );
    expect(rows[0]?.ok).toBe(false);
  },
);

it('records demo mode in the database on start, as configured', async () => {
  const { rows } = await t.ctx.db.query<{ value: string }>(
    `select value from private.settings where key = 'demo_mode'`,
  );
  expect(rows).toEqual([{ value: 'true' }]);
});
