// Inserts, upserts, updates, deletes and PUT: statuses, representations,
// Prefer handling, Content-Range, Location, and Postgres write errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRest, type RestHarness } from './helpers.ts';

let h: RestHarness;
beforeAll(async () => {
  h = await startRest();
});
afterAll(async () => {
  await h.backend.stop();
});

const json = (body: unknown, prefer?: string) => ({
  headers: {
    'content-type': 'application/json',
    ...(prefer ? { prefer } : {}),
  },
  body: JSON.stringify(body),
});

describe('insert', () => {
  it('returns 201 and the row with .select()', async () => {
    const res = await h.anon
      .from('messages')
      .insert({ message: 'foo', username: 'supabot', channel_id: 1 })
      .select();
    expect(res.status).toBe(201);
    expect(res.data).toEqual([
      { id: 5, data: null, message: 'foo', username: 'supabot', channel_id: 1 },
    ]);
  });

  it('return=minimal: 201, no body, Content-Range */*', async () => {
    const res = await h.http('/channels', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ slug: 'minimal' }),
    });
    expect(res.status).toBe(201);
    expect(res.text).toBe('');
    expect(res.headers.get('content-range')).toBe('*/*');
    expect(res.headers.get('content-type')).toBeNull();
  });

  it('bulk insert: missing keys become NULL unless defaultToNull is false', async () => {
    const rows = [{ id: 20, created_at: '2020-01-01T00:00:00Z' }, { id: 21 }];
    const res = await h.anon.from('kitchen_sink').insert(rows);
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('23502');
    const ok = await h.anon
      .from('kitchen_sink')
      .insert(rows, { defaultToNull: false })
      .select('id, created_at');
    expect(ok.status).toBe(201);
    expect(ok.data?.[0]).toEqual({
      id: 20,
      created_at: '2020-01-01T00:00:00+00:00',
    });
    expect(typeof ok.data?.[1]?.created_at).toBe('string');
  });

  it('embeds in the representation, single() returns the object', async () => {
    const res = await h.anon
      .from('messages')
      .insert({ message: 'bar', username: 'awailas', channel_id: 2 })
      .select('message, users(username), channels(slug)')
      .single();
    expect(res.status).toBe(201);
    expect(res.data).toEqual({
      message: 'bar',
      users: { username: 'awailas' },
      channels: { slug: 'random' },
    });
  });

  it('count=exact on insert: */n', async () => {
    const res = await h.anon
      .from('channels')
      .insert([{ slug: 'c1' }, { slug: 'c2' }], { count: 'exact' });
    expect(res.status).toBe(201);
    expect(res.count).toBe(2);
  });

  it('return=headers-only gives the Location of the new row', async () => {
    const res = await h.http('/channels', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        prefer: 'return=headers-only',
      },
      body: JSON.stringify({ id: 77, slug: 'located' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe('/channels?id=eq.77');
    expect(res.headers.get('preference-applied')).toBe('return=headers-only');
    expect(res.text).toBe('');
  });

  it('an empty array inserts nothing', async () => {
    const res = await h.anon.from('channels').insert([]).select();
    expect(res.status).toBe(201);
    expect(res.data).toEqual([]);
  });

  it('unknown column: PGRST204', async () => {
    const res = await h.anon.from('messages').insert({ nope: 1 } as never);
    expect(res.status).toBe(400);
    expect(res.error).toEqual({
      code: 'PGRST204',
      details: null,
      hint: null,
      message:
        "Could not find the 'nope' column of 'messages' in the schema cache",
    });
  });

  it('unique violation: 409 23505', async () => {
    const res = await h.anon.from('cornercase').insert({ id: 1 });
    expect(res.status).toBe(409);
    expect(res.error).toEqual({
      code: '23505',
      details: 'Key (id)=(1) already exists.',
      hint: null,
      message:
        'duplicate key value violates unique constraint "cornercase_pkey"',
    });
  });

  it('foreign key violation: 409 23503', async () => {
    const res = await h.anon
      .from('messages')
      .insert({ message: 'x', username: 'nobody', channel_id: 1 });
    expect(res.status).toBe(409);
    expect(res.error).toEqual({
      code: '23503',
      details: 'Key (username)=(nobody) is not present in table "users".',
      hint: null,
      message:
        'insert or update on table "messages" violates foreign key constraint "messages_username_fkey"',
    });
  });

  it('invalid JSON and mismatched keys: PGRST102', async () => {
    const bad = await h.http('/channels', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"slug":',
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({
      code: 'PGRST102',
      details: null,
      hint: null,
      message: 'Empty or invalid json',
    });
    const empty = await h.http('/channels', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '',
    });
    expect(empty.json).toMatchObject({
      code: 'PGRST102',
      message: 'Empty or invalid json',
    });
    const keys = await h.http('/channels', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[{"slug":"a"},{"id":1}]',
    });
    expect(keys.status).toBe(400);
    expect(keys.json).toEqual({
      code: 'PGRST102',
      details: null,
      hint: null,
      message: 'All object keys must match',
    });
  });

  it('columns= picks the inserted columns, unknown ones are PGRST204', async () => {
    const res = await h.http('/channels?columns=slug&select=slug', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        prefer: 'return=representation',
      },
      body: JSON.stringify([{ slug: 'cols', data: { ignored: true } }]),
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual([{ slug: 'cols' }]);
    const bad = await h.http('/channels?columns=nope', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[{}]',
    });
    expect(bad.json).toMatchObject({
      code: 'PGRST204',
      message:
        "Could not find the 'nope' column of 'channels' in the schema cache",
    });
  });

  it('text/csv bodies insert rows', async () => {
    const res = await h.http('/cornercase?select=id,array_column', {
      method: 'POST',
      headers: { 'content-type': 'text/csv', prefer: 'return=representation' },
      body: 'id,array_column\n40,"{a,b}"\n41,NULL',
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual([
      { id: 40, array_column: ['a', 'b'] },
      { id: 41, array_column: null },
    ]);
  });
});

describe('upsert', () => {
  it('merge on an existing row: 200; on a new row: 201', async () => {
    const existing = await h.anon
      .from('users')
      .upsert({ username: 'dragarcia' }, { onConflict: 'username' })
      .select();
    expect(existing.status).toBe(200);
    expect(existing.data).toEqual([
      {
        username: 'dragarcia',
        data: null,
        age_range: '[20,30)',
        status: 'ONLINE',
        catchphrase: "'fat' 'rat'",
      },
    ]);
    const fresh = await h.anon
      .from('users')
      .upsert({ username: 'newbie' })
      .select('username');
    expect(fresh.status).toBe(201);
    expect(fresh.data).toEqual([{ username: 'newbie' }]);
  });

  it('merge updates the given columns by primary key', async () => {
    const res = await h.anon
      .from('messages')
      .upsert({ id: 3, message: 'changed', username: 'supabot', channel_id: 2 })
      .select('id, message, channel_id');
    expect(res.status).toBe(200);
    expect(res.data).toEqual([{ id: 3, message: 'changed', channel_id: 2 }]);
  });

  it('ignore-duplicates: 201 with only the inserted rows', async () => {
    const res = await h.anon
      .from('users')
      .upsert([{ username: 'dragarcia' }, { username: 'ignored-new' }], {
        onConflict: 'username',
        ignoreDuplicates: true,
      })
      .select('username');
    expect(res.status).toBe(201);
    expect(res.data).toEqual([{ username: 'ignored-new' }]);
  });

  it('Preference-Applied echoes resolution only where it applies', async () => {
    const a = await h.http('/channels?on_conflict=id', {
      method: 'POST',
      ...json(
        { id: 1, slug: 'public' },
        'resolution=merge-duplicates, return=minimal, missing=default',
      ),
    });
    expect(a.status).toBe(200);
    expect(a.headers.get('preference-applied')).toBe(
      'resolution=merge-duplicates, missing=default, return=minimal',
    );
    const b = await h.http('/no_pk', {
      method: 'POST',
      ...json({ a: '1' }, 'resolution=merge-duplicates'),
    });
    expect(b.status).toBe(201);
    expect(b.headers.get('preference-applied')).toBeNull();
  });

  it('on_conflict without a unique index: 42P10', async () => {
    const res = await h.anon
      .from('channels')
      .upsert({ slug: 'x' }, { onConflict: 'slug' });
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('42P10');
  });
});

describe('update and delete', () => {
  it('update with .select(): 200 and rows; minimal: 204 with Content-Range', async () => {
    const res = await h.anon
      .from('messages')
      .update({ channel_id: 3 })
      .eq('message', 'foo')
      .select('id, channel_id');
    expect(res.status).toBe(200);
    expect(res.data).toEqual([{ id: 5, channel_id: 3 }]);
    const raw = await h.http('/messages?message=eq.foo', {
      method: 'PATCH',
      ...json({ channel_id: 1 }, 'count=exact'),
    });
    expect(raw.status).toBe(204);
    expect(raw.headers.get('content-range')).toBe('0-0/1');
  });

  it('update matching nothing: 204, or [] with representation', async () => {
    const a = await h.anon
      .from('users')
      .update({ data: {} })
      .eq('username', 'missing');
    expect(a.status).toBe(204);
    const b = await h.anon
      .from('users')
      .update({ data: {} })
      .eq('username', 'missing')
      .select();
    expect(b).toMatchObject({ status: 200, data: [] });
    const raw = await h.http('/users?username=eq.missing', {
      method: 'PATCH',
      ...json({ data: {} }),
    });
    expect(raw.headers.get('content-range')).toBe('*/*');
  });

  it('an empty object updates nothing', async () => {
    const res = await h.anon
      .from('messages')
      .update({})
      .eq('id', 1)
      .select('id');
    expect(res).toMatchObject({ status: 200, data: [] });
  });

  it('delete with representation and count', async () => {
    await h.anon.from('channels').insert([{ slug: 'del' }, { slug: 'del' }]);
    const res = await h.anon
      .from('channels')
      .delete({ count: 'exact' })
      .eq('slug', 'del')
      .select('slug');
    expect(res.status).toBe(200);
    expect(res.count).toBe(2);
    expect(res.data).toEqual([{ slug: 'del' }, { slug: 'del' }]);
    const none = await h.http('/channels?slug=eq.del', { method: 'DELETE' });
    expect(none.status).toBe(204);
    expect(none.headers.get('content-range')).toBe('*/*');
  });

  it('single() on a write affecting 2 rows: 406 and rolled back', async () => {
    await h.anon.from('channels').insert([{ slug: 'pair' }, { slug: 'pair' }]);
    const res = await h.anon
      .from('channels')
      .update({ slug: 'changed-pair' })
      .eq('slug', 'pair')
      .select()
      .single();
    expect(res.status).toBe(406);
    expect(res.error).toEqual({
      code: 'PGRST116',
      details: 'The result contains 2 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    });
    const still = await h.anon
      .from('channels')
      .select('slug')
      .eq('slug', 'pair');
    expect(still.data).toHaveLength(2);
  });

  it('max-affected with handling=strict: 400 PGRST124 and rolled back', async () => {
    // Typed only for clients created with PostgrestVersion 13+.
    const q = h.anon
      .from('channels')
      .delete()
      .eq('slug', 'pair') as unknown as {
      maxAffected(n: number): PromiseLike<{ status: number; error: unknown }>;
    };
    const res = await q.maxAffected(1);
    expect(res.status).toBe(400);
    expect(res.error).toEqual({
      code: 'PGRST124',
      details: 'The query affects 2 rows',
      hint: null,
      message: 'Query result exceeds max-affected preference constraint',
    });
    const still = await h.anon
      .from('channels')
      .select('slug')
      .eq('slug', 'pair');
    expect(still.data).toHaveLength(2);
  });

  it('filters on embedded resources do not restrict the mutation', async () => {
    const res = await h.http(
      '/channels?slug=eq.pair&select=slug,messages(id)&messages.id=eq.1',
      {
        method: 'PATCH',
        ...json({ slug: 'pair2' }, 'return=representation'),
      },
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { slug: 'pair2', messages: [] },
      { slug: 'pair2', messages: [] },
    ]);
  });
});

describe('PUT', () => {
  it('inserts then replaces by full primary key', async () => {
    const first = await h.http('/channels?id=eq.500', {
      method: 'PUT',
      ...json({ id: 500, slug: 'put' }, 'return=representation'),
    });
    expect(first.status).toBe(201);
    expect(first.json).toEqual([{ id: 500, data: null, slug: 'put' }]);
    const again = await h.http('/channels?id=eq.500', {
      method: 'PUT',
      ...json({ id: 500, slug: 'put2' }, 'return=representation'),
    });
    expect(again.status).toBe(200);
    expect(again.json).toEqual([{ id: 500, data: null, slug: 'put2' }]);
    const minimal = await h.http('/channels?id=eq.500', {
      method: 'PUT',
      ...json({ id: 500, slug: 'put3' }),
    });
    expect(minimal.status).toBe(204);
  });

  it('mismatch 400 PGRST115, non-PK filters 405 PGRST105, limit 400 PGRST114', async () => {
    const a = await h.http('/channels?id=eq.501', {
      method: 'PUT',
      ...json({ id: 502, slug: 'x' }),
    });
    expect(a.status).toBe(400);
    expect(a.json).toEqual({
      code: 'PGRST115',
      details: null,
      hint: null,
      message: 'Payload values do not match URL in primary key column(s)',
    });
    const b = await h.http('/channels?slug=eq.x', {
      method: 'PUT',
      ...json({ id: 502, slug: 'x' }),
    });
    expect(b.status).toBe(405);
    expect(b.json).toEqual({
      code: 'PGRST105',
      details: null,
      hint: null,
      message:
        "Filters must include all and only primary key columns with 'eq' operators",
    });
    const c = await h.http('/channels?id=eq.1&limit=1', {
      method: 'PUT',
      ...json({ id: 1, slug: 'x' }),
    });
    expect(c.status).toBe(400);
    expect(c.json).toMatchObject({
      code: 'PGRST114',
      message: 'limit/offset querystring parameters are not allowed for PUT',
    });
  });
});

describe('Prefer', () => {
  it('tx=rollback answers as if committed but keeps nothing', async () => {
    const res = await h.anon
      .from('channels')
      .insert({ slug: 'rolled' })
      .select('slug')
      .rollback();
    expect(res.status).toBe(201);
    expect(res.data).toEqual([{ slug: 'rolled' }]);
    const after = await h.anon.from('channels').select().eq('slug', 'rolled');
    expect(after.data).toEqual([]);
  });

  it('handling=strict refuses unknown preferences: PGRST122', async () => {
    const res = await h.http('/channels', {
      headers: { prefer: 'handling=strict, foo=bar, count=exact, nope' },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      code: 'PGRST122',
      details: 'Invalid preferences: foo=bar, nope',
      hint: null,
      message: 'Invalid preferences given with handling=strict',
    });
    const lenient = await h.http('/channels?limit=1', {
      headers: { prefer: 'foo=bar, count=exact' },
    });
    expect(lenient.status).toBe(206);
  });

  it('the first value of each preference wins', async () => {
    const res = await h.http('/channels', {
      method: 'POST',
      ...json({ slug: 'first' }, 'return=minimal, return=representation'),
    });
    expect(res.status).toBe(201);
    expect(res.text).toBe('');
    expect(res.headers.get('preference-applied')).toBe('return=minimal');
  });
});
