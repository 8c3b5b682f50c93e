// /rpc/<fn>: POST/GET/HEAD, argument matching, each return kind, read-only
// transactions for GET and non-volatile functions, PGRST202/203, raised
// errors and response GUCs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRest, type RestHarness } from './helpers.ts';

let h: RestHarness;
beforeAll(async () => {
  h = await startRest();
});
afterAll(async () => {
  await h.backend.stop();
});

describe('return kinds', () => {
  it('scalar: a bare JSON value', async () => {
    const res = await h.anon.rpc('get_status', { name_param: 'supabot' });
    expect(res).toMatchObject({ status: 200, data: 'ONLINE', error: null });
    const none = await h.anon.rpc('get_status', { name_param: 'nobody' });
    expect(none).toMatchObject({ status: 200, data: null });
  });

  it('bigint arguments and text results', async () => {
    const res = await h.anon.rpc('echo_bigint_as_text', {
      bigint_param: 9007199254740993n as never,
    });
    expect(res.data).toBe('9007199254740993');
  });

  it('setof scalar: an array of values', async () => {
    const res = await h.anon.rpc('list_numbers', { n: 3 });
    expect(res.data).toEqual([1, 2, 3]);
  });

  it('table returns: rows, filterable, orderable and embeddable', async () => {
    const a = await h.anon.rpc('get_username_and_status', {
      name_param: 'supabot',
    });
    expect(a.data).toEqual([{ username: 'supabot', status: 'ONLINE' }]);
    const b = await h.anon
      .rpc('get_messages_by_username', { search_username: 'supabot' })
      .select('id, channels(slug)')
      .gt('id', 1)
      .order('id', { ascending: false })
      .limit(2);
    expect(b.data).toEqual([
      { id: 4, channels: { slug: 'other' } },
      { id: 3, channels: { slug: 'other' } },
    ]);
  });

  it('single composite: an object', async () => {
    const res = await h.anon.rpc('function_returning_row');
    expect(res.data).toEqual({
      username: 'awailas',
      data: null,
      age_range: '[25,35)',
      status: 'ONLINE',
      catchphrase: "'bat' 'rat'",
    });
  });

  it('setof table with count and range', async () => {
    const res = await h.anon
      .rpc('function_returning_set_of_rows', {}, { count: 'exact' })
      .select('username')
      .order('username')
      .range(0, 1);
    expect(res.status).toBe(206);
    expect(res.count).toBe(5);
    expect(res.data).toEqual([
      { username: 'awailas' },
      { username: 'dragarcia' },
    ]);
  });

  it('void: 204 without a body', async () => {
    const res = await h.anon.rpc('void_func');
    expect(res).toMatchObject({ status: 204, data: null, error: null });
  });

  it('single() on a set', async () => {
    const res = await h.anon.rpc('list_numbers', { n: 3 }).single();
    expect(res.status).toBe(406);
    expect(res.error?.details).toBe('The result contains 3 rows');
  });
});

describe('arguments', () => {
  it('defaults may be omitted', async () => {
    expect((await h.anon.rpc('add_numbers', { a: 1 })).data).toBe(11);
    expect((await h.anon.rpc('add_numbers', { a: 1, b: 2 })).data).toBe(3);
    const opt = await h.anon.rpc(
      'function_with_optional_param',
      { param: undefined },
      { get: true },
    );
    expect(opt).toMatchObject({ status: 200, data: '' });
  });

  it('GET with array arguments and a count', async () => {
    const res = await h.anon.rpc(
      'function_with_array_param',
      {
        param: [
          '00000000-0000-0000-0000-000000000000',
          '00000000-0000-0000-0000-000000000001',
        ],
      },
      { get: true, count: 'exact' },
    );
    expect(res).toMatchObject({ status: 200, data: 2, count: 1 });
  });

  it('HEAD runs the function and returns headers only', async () => {
    const res = await h.anon.rpc(
      'get_status',
      { name_param: 'supabot' },
      { head: true, count: 'exact' },
    );
    expect(res).toMatchObject({ status: 200, data: null, count: 1 });
  });

  it('a single unnamed jsonb parameter takes the whole body', async () => {
    const res = await h.anon.rpc('sum_json', { a: 2, b: 5 });
    expect(res.data).toBe(7);
  });

  it('variadic parameters: repeated on GET, an array on POST', async () => {
    const get = await h.http('/rpc/concat_words?words=hello&words=world');
    expect(get.json).toBe('hello world');
    const post = await h.anon.rpc('concat_words', { words: ['a', 'b', 'c'] });
    expect(post.data).toBe('a b c');
  });

  it('GET filters on the result are not arguments', async () => {
    const res = await h.http('/rpc/list_numbers?n=5&select=*');
    expect(res.json).toEqual([1, 2, 3, 4, 5]);
    const rows = await h.http(
      '/rpc/get_username_and_status?name_param=supabot&status=eq.OFFLINE',
    );
    expect(rows.json).toEqual([]);
  });

  it('unknown function: 404 PGRST202 with a hint', async () => {
    const res = await h.anon.rpc('get_statuss', { name_param: 'x' });
    expect(res.status).toBe(404);
    expect(res.error).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.get_statuss with parameter name_param or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.get_status',
      message:
        'Could not find the function public.get_statuss(name_param) in the schema cache',
    });
  });

  it('wrong argument names: PGRST202 suggesting the parameters', async () => {
    const res = await h.anon.rpc('add_numbers', { x: 1, y: 2 });
    expect(res.status).toBe(404);
    expect(res.error).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.add_numbers with parameters x, y or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.add_numbers(a, b)',
      message:
        'Could not find the function public.add_numbers(x, y) in the schema cache',
    });
    const none = await h.http('/rpc/add_numbers');
    expect(none.json).toMatchObject({
      message:
        'Could not find the function public.add_numbers without parameters in the schema cache',
      details:
        'Searched for the function public.add_numbers without parameters, but no matches were found in the schema cache.',
    });
  });

  it('overloads with the same argument names: 300 PGRST203', async () => {
    const res = await h.anon.rpc('ambiguous', { a: '1' });
    expect(res.status).toBe(300);
    expect(res.error).toEqual({
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message:
        'Could not choose the best candidate function between: public.ambiguous(a => integer), public.ambiguous(a => text)',
    });
  });

  it('only GET, HEAD and POST: PGRST101', async () => {
    const res = await h.http('/rpc/void_func', { method: 'PATCH' });
    expect(res.status).toBe(405);
    expect(res.json).toEqual({
      code: 'PGRST101',
      details: null,
      hint: null,
      message: 'Cannot use the PATCH method on RPC',
    });
  });
});

describe('transactions', () => {
  it('volatile functions write on POST', async () => {
    const res = await h.anon.rpc('offline_user', { name_param: 'dragarcia' });
    expect(res.data).toBe('OFFLINE');
    const set = await h.anon
      .rpc('set_users_offline', { name_param: 'awai%' })
      .select('username, status');
    expect(set.data).toEqual([{ username: 'awailas', status: 'OFFLINE' }]);
  });

  it('GET runs read-only: a volatile write fails with 405 25006', async () => {
    const res = await h.anon.rpc(
      'offline_user',
      { name_param: 'supabot' },
      { get: true },
    );
    expect(res.status).toBe(405);
    expect(res.error).toEqual({
      code: '25006',
      details: null,
      hint: null,
      message: 'cannot execute UPDATE in a read-only transaction',
    });
  });

  it('stable functions run read-only even on POST', async () => {
    const me = await h.anon.rpc('whoami');
    expect(me.data).toMatchObject({
      read_only: 'on',
      method: 'POST',
      path: '/rpc/whoami',
    });
    const vol = await h.http('/rpc/with_response_headers', { method: 'POST' });
    expect(vol.status).toBe(202);
  });
});

describe('errors raised by functions', () => {
  it('plain RAISE: 400 P0001 with detail and hint', async () => {
    const res = await h.anon.rpc('raise_plain');
    expect(res.status).toBe(400);
    expect(res.error).toEqual({
      code: 'P0001',
      details: 'some detail',
      hint: 'some hint',
      message: 'plain failure',
    });
  });

  it('SQLSTATE PTxyz sets the status', async () => {
    const res = await h.anon.rpc('raise_payment');
    expect(res.status).toBe(402);
    expect(res.error).toEqual({
      code: 'PT402',
      details: null,
      hint: null,
      message: 'Payment Required',
    });
  });

  it("RAISE SQLSTATE 'PGRST' controls status, body and headers", async () => {
    const res = await h.http('/rpc/raise_pgrst', { method: 'POST' });
    expect(res.status).toBe(418);
    expect(res.headers.get('x-powered-by')).toBe('Nerds');
    expect(res.json).toEqual({
      code: '123',
      details: 'Extra',
      hint: 'Try',
      message: 'Custom',
    });
  });

  it('response.headers and response.status GUCs shape the response', async () => {
    const res = await h.http('/rpc/with_response_headers', { method: 'POST' });
    expect(res.status).toBe(202);
    expect(res.headers.get('x-custom')).toBe('yes');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toBe('ok');
  });
});
