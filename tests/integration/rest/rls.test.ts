// Row-level security is Postgres's own: role and claims per transaction,
// exactly the settings PostgREST sets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, startRest, type RestHarness } from './helpers.ts';

let h: RestHarness;
beforeAll(async () => {
  h = await startRest();
});
afterAll(async () => {
  await h.backend.stop();
});

const tasks = (data: { task: string }[] | null) =>
  (data ?? []).map((r) => r.task).sort();

describe('reads', () => {
  it('anon sees public rows only', async () => {
    const { data } = await h.anon.from('todos').select('task');
    expect(tasks(data)).toEqual(['alice public']);
  });

  it('a signed-in user sees public rows and their own', async () => {
    const alice = await h.user(ALICE);
    expect(tasks((await alice.from('todos').select('task')).data)).toEqual([
      'alice private',
      'alice public',
    ]);
    const bob = await h.user(BOB);
    expect(tasks((await bob.from('todos').select('task')).data)).toEqual([
      'alice public',
      'bob private',
    ]);
  });

  it('service_role bypasses RLS', async () => {
    const { data } = await h.service.from('todos').select('task');
    expect(tasks(data)).toEqual([
      'alice private',
      'alice public',
      'bob private',
    ]);
  });

  it('counts respect RLS', async () => {
    const res = await h.anon
      .from('todos')
      .select('*', { count: 'exact', head: true });
    expect(res.count).toBe(1);
  });
});

describe('writes', () => {
  it('insert with check: own rows pass, others 403 42501, anon 401', async () => {
    const alice = await h.user(ALICE);
    const ok = await alice
      .from('todos')
      .insert({ task: 'alice new' })
      .select('task, user_id');
    expect(ok.status).toBe(201);
    expect(ok.data).toEqual([{ task: 'alice new', user_id: ALICE }]);
    const bad = await alice
      .from('todos')
      .insert({ task: 'as bob', user_id: BOB });
    expect(bad.status).toBe(403);
    expect(bad.error).toEqual({
      code: '42501',
      details: null,
      hint: null,
      message: 'new row violates row-level security policy for table "todos"',
    });
    const anon = await h.anon
      .from('todos')
      .insert({ task: 'anon', user_id: BOB });
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
  });

  it("updates and deletes of others' rows silently touch nothing", async () => {
    const alice = await h.user(ALICE);
    const upd = await alice
      .from('todos')
      .update({ task: 'hacked' })
      .eq('id', 3)
      .select();
    expect(upd).toMatchObject({ status: 200, data: [] });
    const del = await alice.from('todos').delete().eq('id', 3);
    expect(del.status).toBe(204);
    const bob = await h.user(BOB);
    expect(
      tasks((await bob.from('todos').select('task').eq('id', 3)).data),
    ).toEqual(['bob private']);
  });

  it('owners can update and delete', async () => {
    const bob = await h.user(BOB);
    const upd = await bob
      .from('todos')
      .update({ task: 'bob edited' })
      .eq('id', 3)
      .select('task')
      .single();
    expect(upd.data).toEqual({ task: 'bob edited' });
    const del = await bob.from('todos').delete({ count: 'exact' }).eq('id', 3);
    expect(del).toMatchObject({ status: 204, count: 1 });
  });
});

describe('request settings', () => {
  it('role, claims, method, path, headers, cookies and search_path', async () => {
    const alice = await h.user(ALICE, 'alice@example.com');
    const { data } = await alice.rpc('whoami');
    expect(data).toMatchObject({
      role: 'authenticated',
      uid: ALICE,
      claims_role: 'authenticated',
      email: 'alice@example.com',
      method: 'POST',
      path: '/rpc/whoami',
      apikey: h.backend.anonKey,
      cookies: {},
      search_path: '"public", "public", "extensions"',
      read_only: 'on',
    });
    const anon = await h.http('/rpc/whoami', {
      headers: { cookie: 'a=1; b=two' },
    });
    expect(anon.json).toMatchObject({
      role: 'anon',
      uid: null,
      claims_role: 'anon',
      method: 'GET',
      cookies: { a: '1', b: 'two' },
    });
  });

  it('Prefer: timezone sets the session time zone', async () => {
    const res = await h.http('/rpc/whoami', {
      headers: { prefer: 'timezone=America/New_York' },
    });
    expect(res.json).toMatchObject({ timezone: 'America/New_York' });
    expect(res.headers.get('preference-applied')).toBe(
      'timezone=America/New_York',
    );
    const bad = await h.http('/rpc/whoami', {
      headers: { prefer: 'timezone=Nowhere/Atall' },
    });
    expect(bad.headers.get('preference-applied')).toBeNull();
  });
});
