// order, limit/offset, Range, counts and Content-Range / 206 / 416, HEAD,
// max rows, Content-Location.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRest, type RestHarness } from './helpers.ts';

let h: RestHarness;
beforeAll(async () => {
  h = await startRest();
});
afterAll(async () => {
  await h.backend.stop();
});

describe('order', () => {
  it('asc/desc with nullsfirst/nullslast, several columns', async () => {
    const a = await h.anon
      .from('users')
      .select('username')
      .order('status')
      .order('username', { ascending: false });
    expect(a.data?.map((r) => r.username)).toEqual([
      'supabot',
      'jsonuser',
      'dragarcia',
      'awailas',
      'kiwicopple',
    ]);
    const b = await h.anon
      .from('user_profiles')
      .select('id, username')
      .order('username', { nullsFirst: true });
    expect(b.data).toEqual([
      { id: 2, username: null },
      { id: 1, username: 'supabot' },
    ]);
    const c = await h.anon
      .from('user_profiles')
      .select('id')
      .order('username', { ascending: false, nullsFirst: false });
    expect(c.data).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('orders on a JSON path', async () => {
    const res = await h.http(
      '/users?select=username&order=data->>age.desc.nullslast,username&limit=2',
    );
    expect(res.json).toEqual([
      { username: 'jsonuser' },
      { username: 'awailas' },
    ]);
  });

  it('bad order syntax: PGRST100 with the parser position', async () => {
    const res = await h.http('/users?order=username.ac');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      code: 'PGRST100',
      details:
        'unexpected "c" expecting "asc", "desc", "nullsfirst" or "nullslast"',
      hint: null,
      message: '"failed to parse order (username.ac)" (line 1, column 10)',
    });
  });
});

describe('ranges and counts', () => {
  it('no count: 200 with lo-hi/*', async () => {
    const res = await h.http(
      '/users?select=username&order=username&limit=2&offset=1',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('1-2/*');
    expect(res.json).toEqual([
      { username: 'dragarcia' },
      { username: 'jsonuser' },
    ]);
  });

  it('range() maps to offset/limit; count=exact gives 206 and the total', async () => {
    const res = await h.anon
      .from('users')
      .select('username', { count: 'exact' })
      .order('username')
      .range(0, 1);
    expect(res.status).toBe(206);
    expect(res.count).toBe(5);
    expect(res.data).toEqual([
      { username: 'awailas' },
      { username: 'dragarcia' },
    ]);
    const raw = await h.http('/users?select=username&limit=2', {
      headers: { prefer: 'count=exact' },
    });
    expect(raw.headers.get('content-range')).toBe('0-1/5');
    expect(raw.headers.get('preference-applied')).toBe('count=exact');
  });

  it('count with every row returned: 200 0-(n-1)/n', async () => {
    const res = await h.http('/users?select=username', {
      headers: { prefer: 'count=exact' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('0-4/5');
  });

  it('count of nothing: 200 */0; without count */*', async () => {
    const a = await h.http('/users?username=eq.nobody', {
      headers: { prefer: 'count=exact' },
    });
    expect(a.status).toBe(200);
    expect(a.headers.get('content-range')).toBe('*/0');
    const b = await h.http('/users?username=eq.nobody');
    expect(b.headers.get('content-range')).toBe('*/*');
  });

  // Planned counts are the planner's estimate (config-reload-counts.test.ts).
  it('an estimated count below db-max-rows is the exact count', async () => {
    const res = await h.anon
      .from('users')
      .select('*', { count: 'estimated', head: true });
    expect(res.count).toBe(5);
    expect(res.status).toBe(200);
  });

  it('offset past the end with a count: 416 PGRST103', async () => {
    const res = await h.http('/users?offset=10&limit=2', {
      headers: { prefer: 'count=exact' },
    });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('*/5');
    expect(res.json).toEqual({
      code: 'PGRST103',
      details: 'An offset of 10 was requested, but there are only 5 rows.',
      hint: null,
      message: 'Requested range not satisfiable',
    });
  });

  it('negative limit: 416 PGRST103', async () => {
    const res = await h.http('/users?limit=-1');
    expect(res.status).toBe(416);
    expect(res.json).toEqual({
      code: 'PGRST103',
      details: 'Limit should be greater than or equal to zero.',
      hint: null,
      message: 'Requested range not satisfiable',
    });
  });

  it('limit=0 returns [] and the count', async () => {
    const res = await h.http('/users?limit=0', {
      headers: { prefer: 'count=exact' },
    });
    expect(res.status).toBe(206);
    expect(res.json).toEqual([]);
    expect(res.headers.get('content-range')).toBe('*/5');
  });

  it('the Range header still works on GET', async () => {
    const res = await h.http('/users?select=username&order=username', {
      headers: { range: '1-2', 'range-unit': 'items' },
    });
    expect(res.headers.get('content-range')).toBe('1-2/*');
    expect(res.json).toEqual([
      { username: 'dragarcia' },
      { username: 'jsonuser' },
    ]);
  });

  it('HEAD: headers only, with the count', async () => {
    const res = await h.anon
      .from('messages')
      .select('*', { head: true, count: 'exact' });
    expect(res).toMatchObject({
      status: 200,
      count: 4,
      data: null,
      error: null,
    });
    const raw = await h.http('/messages', {
      method: 'HEAD',
      headers: { prefer: 'count=exact' },
    });
    expect(raw.text).toBe('');
    expect(raw.headers.get('content-range')).toBe('0-3/4');
  });

  it('db-max-rows caps reads at 1000 rows', async () => {
    await h.service
      .from('no_pk')
      .insert(
        Array.from({ length: 1005 }, (_, i) => ({ a: String(i), b: 'x' })),
      );
    const res = await h.http('/no_pk?select=a', {
      headers: { prefer: 'count=exact' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('0-999/1005');
    expect((res.json as unknown[]).length).toBe(1000);
    await h.service.from('no_pk').delete().eq('b', 'x');
  });

  it('Content-Location echoes the query sorted by key', async () => {
    const res = await h.http('/users?username=eq.supabot&select=username');
    expect(res.headers.get('content-location')).toBe(
      '/users?select=username&username=eq.supabot',
    );
  });
});
