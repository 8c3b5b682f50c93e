// The API roles run without JIT compilation (migration 20261130000000): an
// estimate any caller can inflate (a deeply nested embedding) must not buy
// seconds of compile time. Role settings reach every request as PostgREST
// applies them; EXPLAIN's settings option shows what the request ran with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
  // Plans are off by default (406 PGRST107); on for this database only.
  await t.ctx.db.exec(`do $$ begin
    execute format('alter role authenticator in database %I set pgrst.db_plan_enabled = true', current_database());
  end $$; notify pgrst, 'reload config';`);
});
afterAll(() => t?.stop());

/** The non-default settings a read ran with, as EXPLAIN (SETTINGS) lists them. */
async function settingsOf(key: string, bearer?: string) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const res = await t
      .client(key, bearer ? { Authorization: `Bearer ${bearer}` } : {})
      .from('blog_categories')
      .select('id')
      .explain({ format: 'json', settings: true });
    if (res.status === 200) {
      const doc = res.data as unknown as {
        Settings?: Record<string, string>;
      }[];
      return doc[0]?.Settings ?? {};
    }
    if (Date.now() > deadline) throw new Error(JSON.stringify(res.error));
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('JIT for the API roles', () => {
  it('is off for anon and authenticated requests', async () => {
    expect((await settingsOf(t.anonKey)).jit).toBe('off');
    const token = await t.ctx.jwt.sign(
      {
        sub: '11111111-1111-1111-1111-111111111111',
        role: 'authenticated',
        aud: 'authenticated',
      },
      3600,
    );
    expect((await settingsOf(t.anonKey, token)).jit).toBe('off');
  });
});
