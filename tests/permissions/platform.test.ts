import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

// The platform objects hosted Supabase provides must protect themselves the same
// way here: no API role reads auth tables, and storage rows are RLS-guarded.
let t: TestBackend;
const userId = '11111111-1111-4111-8111-111111111111';

beforeAll(async () => {
  t = await startTestBackend({ migrationsDir: 'tests/fixtures/none' });
  await t.ctx.db.exec(`
    insert into auth.users (id, aud, role, email, created_at, updated_at)
      values ('${userId}', 'authenticated', 'authenticated', 'p@example.com', now(), now());
    insert into storage.buckets (id, name) values ('private', 'private');
    insert into storage.objects (bucket_id, name) values ('private', '${userId}/a.png');
  `);
});
afterAll(() => t?.stop());

function asRole(role: string, sql: string) {
  const claims = role === 'anon' ? { role } : { role, sub: userId };
  return t.ctx.db.transaction((tx) => tx.query(sql), {
    role,
    settings: { 'request.jwt.claims': JSON.stringify(claims) },
  });
}

describe('auth.users', () => {
  it.each(['anon', 'authenticated'])('%s cannot read it', async (role) => {
    await expect(
      asRole(role, 'select * from auth.users'),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it.each(['anon', 'authenticated'])('%s cannot write it', async (role) => {
    await expect(
      asRole(role, `update auth.users set email = 'x@example.com'`),
    ).rejects.toMatchObject({
      code: '42501',
    });
  });

  it('is not exposed through the REST API', async () => {
    const { data, error, status } = await t
      .client()
      .schema('auth')
      .from('users')
      .select('*');
    expect(data).toBeNull();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST106');
  });
});

describe('auth helpers', () => {
  it('auth.uid() and auth.role() read the request claims', async () => {
    const { rows } = await asRole(
      'authenticated',
      'select auth.uid() as uid, auth.role() as role',
    );
    expect(rows[0]).toEqual({ uid: userId, role: 'authenticated' });
  });

  it('anon has no uid', async () => {
    const { rows } = await asRole('anon', 'select auth.uid() as uid');
    expect(rows[0]).toEqual({ uid: null });
  });
});

describe('storage.objects without policies', () => {
  it.each(['anon', 'authenticated'])('%s sees no rows', async (role) => {
    const { rows } = await asRole(role, 'select name from storage.objects');
    expect(rows).toEqual([]);
  });

  it.each(['anon', 'authenticated'])('%s cannot insert', async (role) => {
    await expect(
      asRole(
        role,
        `insert into storage.objects (bucket_id, name) values ('private', 'x.png')`,
      ),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('service_role bypasses RLS', async () => {
    const { rows } = await asRole(
      'service_role',
      'select name from storage.objects',
    );
    expect(rows).toEqual([{ name: `${userId}/a.png` }]);
  });
});
