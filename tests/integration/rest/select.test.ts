// select=: columns, aliases, casts, JSON paths, value encodings, and
// resource embedding (many-to-one, one-to-many, many-to-many, hints,
// !inner/!left, embedded filters/order/limit, computed fields/relationships).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRest, type RestHarness } from './helpers.ts';

let h: RestHarness;
beforeAll(async () => {
  h = await startRest();
});
afterAll(async () => {
  await h.backend.stop();
});

describe('columns', () => {
  it('selects every column by default, in table order', async () => {
    const res = await h.anon.from('users').select().eq('username', 'supabot');
    expect(res.error).toBeNull();
    expect(res.status).toBe(200);
    expect(res.data).toEqual([
      {
        username: 'supabot',
        data: null,
        age_range: '[1,2)',
        status: 'ONLINE',
        catchphrase: "'cat' 'fat'",
      },
    ]);
  });

  it('renames with alias:column and casts with ::type', async () => {
    const { data } = await h.anon
      .from('messages')
      .select('msg:message, id::text, channel:channel_id')
      .eq('id', 1);
    expect(data).toEqual([{ msg: 'Hello World 👋', id: '1', channel: 1 }]);
  });

  it('quoted identifiers with spaces', async () => {
    const { data } = await h.anon
      .from('cornercase')
      .select('"column whitespace", id')
      .eq('id', 1);
    expect(data).toEqual([{ 'column whitespace': null, id: 1 }]);
  });

  it('JSON paths -> and ->> name the key after the last element', async () => {
    const { data } = await h.anon
      .from('users')
      .select('data->foo->bar, nested:data->foo->bar->>nested, data->>age')
      .eq('username', 'jsonuser');
    expect(data).toEqual([
      { bar: { nested: 'value' }, nested: 'value', age: '31' },
    ]);
  });

  it('array index paths', async () => {
    const { data } = await h.anon
      .from('kitchen_sink')
      .select('first:ints->0, last:ints->-1, a0:jb->a->>0');
    expect(data).toEqual([{ first: 1, last: 3, a0: '1' }]);
  });

  it('encodes values exactly as Postgres to_json does', async () => {
    const res = await h.http('/kitchen_sink?select=*');
    expect(res.text).toContain('"i8":9007199254740993');
    expect(res.text).toContain('"num":12345678901234567890.123456789');
    expect(res.json).toEqual([
      {
        id: 1,
        i2: 7,
        i8: 9007199254740992,
        num: 12345678901234567000,
        f8: 1.5,
        flag: true,
        ts: '2024-01-02T03:04:05.678',
        tstz: '2024-01-02T03:04:05.678+00:00',
        d: '2024-01-02',
        u: '00000000-0000-0000-0000-000000000001',
        b: '\\xdeadbeef',
        ints: [1, 2, 3],
        texts: ['a b', 'c,d', null],
        j: { b: 1, a: [1, 2] },
        jb: { a: [1, 2], b: 1 },
        r: '[1,10)',
        status: 'OFFLINE',
        created_at: '2024-01-01T00:00:00+00:00',
      },
    ]);
  });

  it('a view is selectable like a table', async () => {
    const { data } = await h.anon.from('updatable_view').select().limit(2);
    expect(data).toEqual([
      { username: 'supabot', non_updatable_column: 1 },
      { username: 'kiwicopple', non_updatable_column: 1 },
    ]);
  });

  it('a computed field is selectable by name but not part of *', async () => {
    const { data } = await h.anon
      .from('messages')
      .select('id, blurb_message')
      .eq('id', 1);
    expect(data).toEqual([{ id: 1, blurb_message: 'Hel' }]);
    const all = await h.anon.from('messages').select('*').eq('id', 1).single();
    expect(Object.keys(all.data ?? {})).not.toContain('blurb_message');
  });

  it('unknown column: Postgres 42703 naming the relation', async () => {
    const res = await h.anon.from('users').select('missing_column');
    expect(res.status).toBe(400);
    expect(res.error).toEqual({
      code: '42703',
      details: null,
      hint: null,
      message: 'column users.missing_column does not exist',
    });
  });

  it('unknown cast type: 42704', async () => {
    const res = await h.anon.from('users').select('username::nosuchtype');
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('42704');
    expect(res.error?.message).toBe('type "nosuchtype" does not exist');
  });

  it('aggregates are disabled as on hosted Supabase: PGRST123', async () => {
    const res = await h.anon.from('messages').select('id.count()');
    expect(res.status).toBe(400);
    expect(res.error).toEqual({
      code: 'PGRST123',
      details: null,
      hint: null,
      message: 'Use of aggregate functions is not allowed',
    });
  });
});

describe('embedding', () => {
  it('one-to-many as an array, [] when empty, with embedded order', async () => {
    const { data } = await h.anon
      .from('users')
      .select('username, messages(id)')
      .in('username', ['supabot', 'awailas'])
      .order('username')
      .order('id', { referencedTable: 'messages', ascending: false });
    expect(data).toEqual([
      { username: 'awailas', messages: [] },
      {
        username: 'supabot',
        messages: [{ id: 4 }, { id: 3 }, { id: 2 }, { id: 1 }],
      },
    ]);
  });

  it('many-to-one as an object, null when missing', async () => {
    const { data } = await h.anon
      .from('user_profiles')
      .select('id, users(username, status)')
      .order('id');
    expect(data).toEqual([
      { id: 1, users: { username: 'supabot', status: 'ONLINE' } },
      { id: 2, users: null },
    ]);
  });

  it('one-to-one (FK that is also the PK) is an object both ways', async () => {
    const a = await h.anon
      .from('channel_details')
      .select('id, channels(slug)')
      .eq('id', 1);
    expect(a.data).toEqual([{ id: 1, channels: { slug: 'public' } }]);
    const b = await h.anon
      .from('channels')
      .select('slug, channel_details(details)')
      .order('id');
    expect(b.data).toEqual([
      {
        slug: 'public',
        channel_details: { details: 'Details for public channel' },
      },
      {
        slug: 'random',
        channel_details: { details: 'Details for random channel' },
      },
      { slug: 'other', channel_details: null },
    ]);
  });

  it('many-to-many through the junction table', async () => {
    const { data } = await h.anon
      .from('products')
      .select('name, categories(name)')
      .order('id')
      .order('id', { referencedTable: 'categories' });
    expect(data).toEqual([
      {
        name: 'Laptop',
        categories: [{ name: 'Electronics' }, { name: 'Computers' }],
      },
      { name: 'Smartphone', categories: [{ name: 'Electronics' }] },
      {
        name: 'Headphones',
        categories: [{ name: 'Electronics' }, { name: 'Audio' }],
      },
    ]);
    const back = await h.anon
      .from('categories')
      .select('name, products!product_categories(name)')
      .eq('id', 3);
    expect(back.data).toEqual([
      { name: 'Audio', products: [{ name: 'Headphones' }] },
    ]);
  });

  it('nested embeds', async () => {
    const { data } = await h.anon
      .from('channels')
      .select('slug, messages(id, users(username, user_profiles(id)))')
      .eq('id', 1);
    expect(data).toEqual([
      {
        slug: 'public',
        messages: [
          { id: 1, users: { username: 'supabot', user_profiles: [{ id: 1 }] } },
        ],
      },
    ]);
  });

  it('FK constraint name and column name hints disambiguate', async () => {
    const { data } = await h.anon
      .from('best_friends')
      .select(
        'id, first:users!best_friends_first_user_fkey(username), second:users!second_user(username), third:third_wheel(username)',
      )
      .order('id');
    expect(data).toEqual([
      {
        id: 1,
        first: { username: 'supabot' },
        second: { username: 'kiwicopple' },
        third: { username: 'awailas' },
      },
      {
        id: 2,
        first: { username: 'supabot' },
        second: { username: 'awailas' },
        third: null,
      },
    ]);
  });

  it('ambiguous embedding: 300 PGRST201 with the candidates', async () => {
    const res = await h.anon.from('best_friends').select('users(*)');
    expect(res.status).toBe(300);
    expect(res.error).toEqual({
      code: 'PGRST201',
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'best_friends with users',
          relationship:
            'best_friends_first_user_fkey using best_friends(first_user) and users(username)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'best_friends with users',
          relationship:
            'best_friends_second_user_fkey using best_friends(second_user) and users(username)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'best_friends with users',
          relationship:
            'best_friends_third_wheel_fkey using best_friends(third_wheel) and users(username)',
        },
      ],
      hint: "Try changing 'users' to one of the following: 'users!best_friends_first_user_fkey', 'users!best_friends_second_user_fkey', 'users!best_friends_third_wheel_fkey'. Find the desired relationship in the 'details' key.",
      message:
        "Could not embed because more than one relationship was found for 'best_friends' and 'users'",
    });
  });

  it('no relationship: 400 PGRST200 with a hint', async () => {
    const res = await h.anon.from('users').select('username, mesages(id)');
    expect(res.status).toBe(400);
    expect(res.error).toEqual({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'users' and 'mesages' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'messages' instead of 'mesages'.",
      message:
        "Could not find a relationship between 'users' and 'mesages' in the schema cache",
    });
    const hinted = await h.anon.from('users').select('messages!nope(id)');
    expect(hinted.error?.details).toBe(
      "Searched for a foreign key relationship between 'users' and 'messages' using the hint 'nope' in the schema 'public', but no matches were found.",
    );
  });

  it('embedding the same target twice without aliases: Postgres 42712', async () => {
    const res = await h.anon
      .from('best_friends')
      .select('users!first_user(*), users!second_user(*)');
    expect(res.status).toBe(400);
    expect(res.error).toEqual({
      code: '42712',
      details: null,
      hint: null,
      message: 'table name "best_friends_users_1" specified more than once',
    });
  });

  it('self-referencing: children by table name, parent by column name', async () => {
    const { data } = await h.anon
      .from('collections')
      .select('id, parent:parent_id(id), children:collections(id)')
      .in('id', [1, 2])
      .order('id');
    expect(data).toEqual([
      { id: 1, parent: null, children: [{ id: 2 }, { id: 3 }] },
      { id: 2, parent: { id: 1 }, children: [{ id: 4 }] },
    ]);
  });

  it('!inner drops parents without matching children', async () => {
    const { data } = await h.anon
      .from('users')
      .select('username, messages!inner(id)')
      .eq('messages.id', 2);
    expect(data).toEqual([{ username: 'supabot', messages: [{ id: 2 }] }]);
    const left = await h.anon
      .from('users')
      .select('username, messages!left(id)')
      .eq('messages.id', 2)
      .order('username')
      .limit(2);
    expect(left.data).toEqual([
      { username: 'awailas', messages: [] },
      { username: 'dragarcia', messages: [] },
    ]);
  });

  it('!inner with count counts only matching parents', async () => {
    const res = await h.anon
      .from('channels')
      .select('slug, messages!inner(id)', { count: 'exact' })
      .eq('messages.channel_id', 3);
    expect(res.count).toBe(1);
    expect(res.data).toEqual([
      { slug: 'other', messages: [{ id: 3 }, { id: 4 }] },
    ]);
  });

  it('embedded limit, offset and or-filters', async () => {
    const { data } = await h.anon
      .from('users')
      .select('username, messages(id)')
      .eq('username', 'supabot')
      .order('id', { referencedTable: 'messages' })
      .range(1, 2, { referencedTable: 'messages' });
    expect(data).toEqual([
      { username: 'supabot', messages: [{ id: 2 }, { id: 3 }] },
    ]);
    const ored = await h.anon
      .from('users')
      .select('username, messages(id)')
      .eq('username', 'supabot')
      .or('id.eq.1,id.eq.4', { referencedTable: 'messages' })
      .order('id', { referencedTable: 'messages' });
    expect(ored.data).toEqual([
      { username: 'supabot', messages: [{ id: 1 }, { id: 4 }] },
    ]);
  });

  it('filtering the parent by embed presence: is.null / not.is.null', async () => {
    const without = await h.anon
      .from('channels')
      .select('slug, channel_details(id)')
      .is('channel_details', null);
    expect(without.data).toEqual([{ slug: 'other', channel_details: null }]);
    const withIt = await h.anon
      .from('channels')
      .select('slug, channel_details()')
      .not('channel_details', 'is', null)
      .order('id');
    expect(withIt.data).toEqual([{ slug: 'public' }, { slug: 'random' }]);
  });

  it('ordering by a to-one embed; a to-many one is PGRST118', async () => {
    const res = await h.http(
      '/messages?select=id,users(username)&order=users(username).desc,id&limit=2',
    );
    expect(res.json).toEqual([
      { id: 1, users: { username: 'supabot' } },
      { id: 2, users: { username: 'supabot' } },
    ]);
    const bad = await h.http(
      '/users?select=username,messages(id)&order=messages(id)',
    );
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({
      code: 'PGRST118',
      details:
        "'users' and 'messages' do not form a many-to-one or one-to-one relationship",
      hint: null,
      message: "A related order on 'messages' is not possible",
    });
  });

  it('filter on a resource that is not embedded: PGRST108', async () => {
    const res = await h.anon
      .from('users')
      .select('username')
      .eq('messages.id', 1);
    expect(res.status).toBe(400);
    expect(res.error).toEqual({
      code: 'PGRST108',
      details: null,
      hint: "Verify that 'messages' is included in the 'select' query parameter.",
      message: "'messages' is not an embedded resource in this request",
    });
  });

  it('to-one spread lifts the columns into the parent', async () => {
    const { data } = await h.anon
      .from('messages')
      .select('id, ...users(username, status)')
      .eq('id', 1);
    expect(data).toEqual([{ id: 1, username: 'supabot', status: 'ONLINE' }]);
  });

  it('views embed through the foreign keys of their base tables', async () => {
    const { data } = await h.anon
      .from('recent_messages')
      .select('id, users(username), channels(slug)')
      .eq('id', 2);
    expect(data).toEqual([
      { id: 2, users: { username: 'supabot' }, channels: { slug: 'random' } },
    ]);
    const back = await h.anon
      .from('active_users')
      .select('username, messages(id)')
      .eq('username', 'supabot')
      .order('id', { referencedTable: 'messages' })
      .limit(1, { referencedTable: 'messages' });
    expect(back.data).toEqual([{ username: 'supabot', messages: [{ id: 1 }] }]);
  });

  it('computed relationship (function taking the row)', async () => {
    const { data } = await h.anon
      .from('users')
      .select('username, user_messages(id)')
      .eq('username', 'supabot')
      .order('id', { referencedTable: 'user_messages' })
      .limit(2, { referencedTable: 'user_messages' });
    expect(data).toEqual([
      { username: 'supabot', user_messages: [{ id: 1 }, { id: 2 }] },
    ]);
  });
});
