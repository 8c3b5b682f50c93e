// Every filter operator postgrest-js emits, negation, and or/and trees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRest, type RestHarness } from './helpers.ts';

let h: RestHarness;
beforeAll(async () => {
  h = await startRest();
});
afterAll(async () => {
  await h.backend.stop();
});

const names = (data: { username: string }[] | null) =>
  (data ?? []).map((r) => r.username).sort();

describe('comparison operators', () => {
  it.each([
    ['eq', 'supabot', ['supabot']],
    ['neq', 'supabot', ['awailas', 'dragarcia', 'jsonuser', 'kiwicopple']],
    ['gt', 'kiwicopple', ['supabot']],
    ['gte', 'kiwicopple', ['kiwicopple', 'supabot']],
    ['lt', 'b', ['awailas']],
    ['lte', 'awailas', ['awailas']],
  ] as const)('%s', async (op, value, expected) => {
    const { data, error } = await h.anon
      .from('users')
      .select('username')
      .filter('username', op, value);
    expect(error).toBeNull();
    expect(names(data)).toEqual(expected);
  });

  it('numeric, boolean and timestamp values are typed by Postgres', async () => {
    const a = await h.anon
      .from('messages')
      .select('id')
      .gt('id', 2)
      .lte('id', 3);
    expect(a.data).toEqual([{ id: 3 }]);
    const b = await h.anon
      .from('kitchen_sink')
      .select('id')
      .eq('flag', true)
      .gte('tstz', '2024-01-01');
    expect(b.data).toEqual([{ id: 1 }]);
  });

  it('invalid value: Postgres 22P02', async () => {
    const res = await h.anon.from('messages').select('id').eq('id', 'abc');
    expect(res.status).toBe(400);
    expect(res.error).toEqual({
      code: '22P02',
      details: null,
      hint: null,
      message: 'invalid input syntax for type bigint: "abc"',
    });
  });
});

describe('pattern operators', () => {
  it('like / ilike with * as wildcard', async () => {
    const a = await h.anon
      .from('users')
      .select('username')
      .like('username', '%bot');
    expect(names(a.data)).toEqual(['supabot']);
    const b = await h.anon
      .from('users')
      .select('username')
      .ilike('username', '*SON*');
    expect(names(b.data)).toEqual(['jsonuser']);
  });

  it('match / imatch (POSIX regex)', async () => {
    const a = await h.anon
      .from('users')
      .select('username')
      .filter('username', 'match', '^[ak]');
    expect(names(a.data)).toEqual(['awailas', 'kiwicopple']);
    const b = await h.anon
      .from('users')
      .select('username')
      .filter('username', 'imatch', '^SUPA');
    expect(names(b.data)).toEqual(['supabot']);
  });

  it('any/all modifiers: likeAnyOf, likeAllOf, eq(any)', async () => {
    const a = await h.anon
      .from('users')
      .select('username')
      .likeAnyOf('username', ['supa%', '%bot', 'kiwi%']);
    expect(names(a.data)).toEqual(['kiwicopple', 'supabot']);
    const b = await h.anon
      .from('users')
      .select('username')
      .ilikeAllOf('username', ['S%', '%T']);
    expect(names(b.data)).toEqual(['supabot']);
    const c = await h.anon
      .from('users')
      .select('username')
      .filter('username', 'eq(any)', '{supabot,awailas}');
    expect(names(c.data)).toEqual(['awailas', 'supabot']);
    const d = await h.anon
      .from('messages')
      .select('id')
      .filter('id', 'gt(all)', '{1,2}');
    expect(d.data?.map((r) => r.id)).toEqual([3, 4]);
  });
});

describe('is, isdistinct, in', () => {
  it('is null / not null / true / false / unknown', async () => {
    const a = await h.anon.from('users').select('username').is('data', null);
    expect(names(a.data)).toEqual([
      'awailas',
      'dragarcia',
      'kiwicopple',
      'supabot',
    ]);
    const b = await h.anon
      .from('users')
      .select('username')
      .not('data', 'is', null);
    expect(names(b.data)).toEqual(['jsonuser']);
    const c = await h.anon.from('kitchen_sink').select('id').is('flag', true);
    expect(c.data).toEqual([{ id: 1 }]);
    const d = await h.http('/kitchen_sink?select=id&flag=is.FALSE');
    expect(d.json).toEqual([]);
    const e = await h.http('/kitchen_sink?select=id&flag=is.unknown');
    expect(e.json).toEqual([]);
  });

  it('isdistinct', async () => {
    const { data } = await h.anon
      .from('users')
      .select('username')
      .isDistinct('status', 'ONLINE');
    expect(names(data)).toEqual(['kiwicopple']);
  });

  it('in with quoted values; not.in; empty in', async () => {
    const a = await h.anon
      .from('users')
      .select('username')
      .in('username', ['supabot', 'a,b', 'kiwicopple']);
    expect(names(a.data)).toEqual(['kiwicopple', 'supabot']);
    const b = await h.anon
      .from('users')
      .select('username')
      .not('username', 'in', '(supabot,kiwicopple)');
    expect(names(b.data)).toEqual(['awailas', 'dragarcia', 'jsonuser']);
    const c = await h.http('/users?select=username&username=in.()');
    expect(c.json).toEqual([]);
    const d = await h.http(
      '/cornercase?select=id&array_column=cs.%7B%22test%22%7D',
    );
    expect(d.json).toEqual([{ id: 1 }]);
  });
});

describe('array, range and json operators', () => {
  it('contains / containedBy / overlaps on arrays', async () => {
    const a = await h.anon
      .from('cornercase')
      .select('id')
      .contains('array_column', ['test']);
    expect(a.data).toEqual([{ id: 1 }]);
    const b = await h.anon
      .from('cornercase')
      .select('id')
      .containedBy('array_column', ['test', 'one', 'another'])
      .order('id');
    expect(b.data).toEqual([{ id: 1 }, { id: 2 }]);
    const c = await h.anon
      .from('cornercase')
      .select('id')
      .overlaps('array_column', ['one', 'test2'])
      .order('id');
    expect(c.data).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it('contains on jsonb with an object', async () => {
    const { data } = await h.anon
      .from('users')
      .select('username')
      .contains('data', { foo: { baz: 'string value' } });
    expect(names(data)).toEqual(['jsonuser']);
  });

  it('range operators sl, sr, nxl, nxr, adj, ov, cs', async () => {
    const q = () => h.anon.from('users').select('username');
    expect(names((await q().rangeLt('age_range', '[2,25]')).data)).toEqual([
      'supabot',
    ]);
    expect(names((await q().rangeGt('age_range', '[2,25)')).data)).toEqual([
      'awailas',
      'kiwicopple',
    ]);
    expect(names((await q().rangeGte('age_range', '[2,25)')).data)).toEqual([
      'awailas',
      'dragarcia',
      'jsonuser',
      'kiwicopple',
    ]);
    expect(names((await q().rangeLte('age_range', '[2,20)')).data)).toEqual([
      'supabot',
    ]);
    expect(
      names((await q().rangeAdjacent('age_range', '[2,25)')).data),
    ).toEqual(['awailas', 'kiwicopple', 'supabot']);
    expect(names((await q().overlaps('age_range', '[1,2)')).data)).toEqual([
      'supabot',
    ]);
    expect(names((await q().contains('age_range', '[31,33)')).data)).toEqual([
      'awailas',
      'kiwicopple',
    ]);
  });

  it('filters on JSON paths', async () => {
    const a = await h.anon
      .from('users')
      .select('username')
      .eq('data->foo->>baz', 'string value');
    expect(names(a.data)).toEqual(['jsonuser']);
    const b = await h.anon.from('users').select('username').gt('data->age', 30);
    expect(names(b.data)).toEqual(['jsonuser']);
  });
});

describe('full-text search', () => {
  it.each([
    ['fts', 'cat & fat', undefined, ['supabot']],
    ['plfts', 'cat fat', 'plain', ['supabot']],
    [
      'wfts',
      'cat or rat',
      'websearch',
      ['awailas', 'dragarcia', 'kiwicopple', 'supabot'],
    ],
  ] as const)('%s', async (_op, query, type, expected) => {
    const { data, error } = await h.anon
      .from('users')
      .select('username')
      .textSearch('catchphrase', query, { config: 'english', type });
    expect(error).toBeNull();
    expect(names(data)).toEqual(expected);
  });

  it('on a text column it wraps to_tsvector', async () => {
    const { data } = await h.anon
      .from('messages')
      .select('id')
      .textSearch('message', 'perfection', { config: 'english' });
    expect(data).toEqual([{ id: 2 }]);
    const phrase = await h.anon
      .from('messages')
      .select('id')
      .textSearch('message', 'nothing left', {
        config: 'english',
        type: 'phrase',
      });
    expect(phrase.data).toEqual([{ id: 2 }]);
    const raw = await h.http(
      '/messages?select=id&message=phfts.left%20nothing',
    );
    expect(raw.json).toEqual([]);
  });
});

describe('logic trees', () => {
  it('or, nested and, not.and', async () => {
    const a = await h.anon
      .from('users')
      .select('username')
      .or('username.eq.supabot,status.eq.OFFLINE');
    expect(names(a.data)).toEqual(['kiwicopple', 'supabot']);
    const b = await h.anon
      .from('users')
      .select('username')
      .or('username.eq.awailas,and(status.eq.ONLINE,username.like.*bot)');
    expect(names(b.data)).toEqual(['awailas', 'supabot']);
    const c = await h.http(
      '/users?select=username&not.or=(status.eq.ONLINE,username.eq.nobody)',
    );
    expect(names(c.json as { username: string }[])).toEqual(['kiwicopple']);
    const d = await h.http(
      '/users?select=username&and=(status.eq.ONLINE,not.and(username.neq.supabot,username.neq.awailas))',
    );
    expect(names(d.json as { username: string }[])).toEqual([
      'awailas',
      'supabot',
    ]);
  });

  it('quoted values and array literals inside trees', async () => {
    const a = await h.http(
      '/users?select=username&or=(username.eq."a,b",username.in.("supabot","x"))',
    );
    expect(names(a.json as { username: string }[])).toEqual(['supabot']);
    const b = await h.http(
      '/cornercase?select=id&or=(array_column.cs.{test2},id.eq.2)&order=id',
    );
    expect(b.json).toEqual([{ id: 2 }, { id: 3 }]);
  });

  it('repeated filters on one column are AND-ed', async () => {
    const res = await h.http('/messages?select=id&id=gt.1&id=lt.4&order=id');
    expect(res.json).toEqual([{ id: 2 }, { id: 3 }]);
  });

  it('match() builds eq filters', async () => {
    const { data } = await h.anon
      .from('users')
      .select('username')
      .match({ status: 'ONLINE', username: 'dragarcia' });
    expect(names(data)).toEqual(['dragarcia']);
  });
});
