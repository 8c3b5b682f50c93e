// JWT errors, paths, methods, schemas, media types, privileges, and malformed
// input that must never produce a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { startRest, type RestHarness } from './helpers.ts';
import {
  DEMO_PUBLISHABLE_KEY,
  DEMO_SECRET_KEY,
} from '../../../supabase/local/config.ts';

let h: RestHarness;
beforeAll(async () => {
  h = await startRest();
});
afterAll(async () => {
  await h.backend.stop();
});

const bearer = (token: string) => ({
  headers: { authorization: `Bearer ${token}` },
});

describe('JWT', () => {
  it('expired: 401 PGRST303 with WWW-Authenticate', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await h.backend.ctx.jwt.sign(
      { sub: 'x', role: 'authenticated' },
      60,
      now - 3600,
    );
    const res = await h.http('/todos', bearer(token));
    expect(res.status).toBe(401);
    expect(res.json).toEqual({
      code: 'PGRST303',
      details: null,
      hint: null,
      message: 'JWT expired',
    });
    expect(res.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="JWT expired"',
    );
  });

  it('wrong signature and malformed tokens: 401 PGRST301', async () => {
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(
        new TextEncoder().encode(
          'another-secret-that-is-at-least-32-chars-long',
        ),
      );
    const a = await h.http('/todos', bearer(forged));
    expect(a.status).toBe(401);
    expect(a.json).toEqual({
      code: 'PGRST301',
      details: null,
      hint: null,
      message: 'JWT cryptographic operation failed',
    });
    const b = await h.http('/todos', bearer('abc.def'));
    expect(b.json).toEqual({
      code: 'PGRST301',
      details: null,
      hint: null,
      message: 'Expected 3 parts in JWT; got 2',
    });
    expect(b.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="Expected 3 parts in JWT; got 2"',
    );
  });

  it('a role that does not exist: 401 22023', async () => {
    const token = await h.backend.ctx.jwt.sign({ role: 'nobody' }, 60);
    const res = await h.http('/todos', bearer(token));
    expect(res.status).toBe(401);
    expect(res.json).toEqual({
      code: '22023',
      details: null,
      hint: null,
      message: 'role "nobody" does not exist',
    });
  });

  it('no Authorization, apikey only, and opaque sb_ keys', async () => {
    const who = async (init: RequestInit) =>
      ((await h.http('/rpc/whoami', init)).json as { role: string }).role;
    expect(await who({})).toBe('anon');
    // Configured opaque keys (demo mode: the Supabase CLI's) stand for their
    // role; an unknown one is no key at all (tests/security/gateway.test.ts).
    expect(await who(bearer(DEMO_PUBLISHABLE_KEY))).toBe('anon');
    expect(await who(bearer(DEMO_SECRET_KEY))).toBe('service_role');
    expect(await who(bearer(h.backend.serviceRoleKey))).toBe('service_role');
    expect((await h.http('/rpc/whoami', bearer('sb_secret_abc'))).status).toBe(
      401,
    );
    expect(
      (await h.http('/rpc/whoami', { headers: { apikey: 'anything' } })).status,
    ).toBe(401);
  });
});

describe('resources, methods and schemas', () => {
  it('unknown table: 404 PGRST205 with a hint', async () => {
    const res = await h.anon.from('userz').select();
    expect(res.status).toBe(404);
    expect(res.error).toEqual({
      code: 'PGRST205',
      details: null,
      hint: "Perhaps you meant the table 'public.users'",
      message: "Could not find the table 'public.userz' in the schema cache",
    });
    const far = await h.anon.from('zzzzqqq').select();
    expect(far.error?.hint).toBeNull();
  });

  it('deeper paths: 404 PGRST125; unknown methods: 405 PGRST117', async () => {
    const a = await h.http('/users/1');
    expect(a.status).toBe(404);
    expect(a.json).toEqual({
      code: 'PGRST125',
      details: null,
      hint: null,
      message: 'Invalid path specified in request URL',
    });
    const b = await h.http('/users', { method: 'PURGE' });
    expect(b.status).toBe(405);
    expect(b.json).toEqual({
      code: 'PGRST117',
      details: null,
      hint: null,
      message: 'Unsupported HTTP method: PURGE',
    });
  });

  it('schemas other than public/graphql_public: 406 PGRST106', async () => {
    const res = await h.anon.schema('personal').from('users').select();
    expect(res.status).toBe(406);
    expect(res.error).toEqual({
      code: 'PGRST106',
      details: null,
      hint: 'Only the following schemas are exposed: public, graphql_public',
      message: 'Invalid schema: personal',
    });
    const post = await h.http('/users', {
      method: 'POST',
      headers: {
        'content-profile': 'auth',
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(post.json).toMatchObject({
      code: 'PGRST106',
      message: 'Invalid schema: auth',
    });
    const ok = await h.http('/users?select=username&limit=1', {
      headers: { 'accept-profile': 'public' },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-profile')).toBe('public');
  });

  it('unsupported Accept: 406 PGRST107', async () => {
    const res = await h.http('/users', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(406);
    expect(res.json).toEqual({
      code: 'PGRST107',
      details: null,
      hint: null,
      message: 'None of these media types are available: text/html',
    });
  });

  it('unsupported Content-Type on writes: PGRST102', async () => {
    const res = await h.http('/channels', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: 'PGRST102',
      message: 'Content-Type not acceptable: text/plain',
    });
  });
});

describe('privileges', () => {
  it('42501 is 401 for anon and 403 for signed-in users', async () => {
    const anon = await h.anon.from('secrets').select();
    expect(anon.status).toBe(401);
    expect(anon.error).toEqual({
      code: '42501',
      details: null,
      hint: null,
      message: 'permission denied for table secrets',
    });
    const raw = await h.http('/secrets');
    expect(raw.headers.get('www-authenticate')).toBe('Bearer');
    expect(raw.headers.get('proxy-status')).toBe('PostgREST; error=42501');
    const user = await h.user('33333333-3333-3333-3333-333333333333');
    const res = await user.from('secrets').select();
    expect(res.status).toBe(403);
    const service = await h.service.from('secrets').select();
    expect(service.data).toEqual([{ id: 1, value: 'hidden' }]);
  });
});

describe('malformed query strings', () => {
  it('parse errors are PGRST100 with Parsec positions', async () => {
    const a = await h.http('/users?username=noop.1');
    expect(a.json).toEqual({
      code: 'PGRST100',
      details: 'unexpected "o" expecting "not" or operator (eq, gt, ...)',
      hint: null,
      message: '"failed to parse filter (noop.1)" (line 1, column 1)',
    });
    const b = await h.http('/users?select=id,clients(name[])');
    expect(b.json).toEqual({
      code: 'PGRST100',
      details:
        'unexpected \'[\' expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input',
      hint: null,
      message:
        '"failed to parse select parameter (id,clients(name[]))" (line 1, column 16)',
    });
    const c = await h.http('/users?or=(username.eq.a,not.xor(a.eq.1))');
    expect(c.json).toMatchObject({
      code: 'PGRST100',
      message:
        '"failed to parse logic tree ((username.eq.a,not.xor(a.eq.1)))" (line 1, column 22)',
      details: 'unexpected "x" expecting logic operator (and, or)',
    });
  });

  it.each([
    '/users?select=',
    '/users?select=(',
    '/users?select=*,',
    '/users?select=users!(*)',
    '/users?username=eq',
    '/users?username=in.(a,b',
    '/users?order=',
    '/users?order=username.desc.nulls',
    '/users?limit=abc',
    '/users?offset=-1',
    '/users?or=(',
    '/users?and=()',
    '/users?username=%E0%A4%A',
    '/users?select=%00',
    '/users?username=eq.%00',
    '/users?username=fts(x.y).a',
    '/users?data->>%22a=eq.1',
    '/users?select=data->0->>',
    '/users?username=like(any).x',
    '/users?a.b.c=eq.1',
    '/rpc/get_status?name_param=not.x',
    '/users?columns=a&select=x::',
    '/%ZZ',
    '/rpc',
    '/rpc/',
  ])('never a 500: %s', async (path) => {
    const res = await h.http(path);
    expect(res.status).toBeLessThan(500);
    if (res.status >= 400) expect(res.json).toHaveProperty('code');
  });

  it('never a 500 for random query strings', async () => {
    const alphabet = [
      '=',
      '.',
      ',',
      '(',
      ')',
      '"',
      '!',
      ':',
      '*',
      '-',
      '>',
      'a',
      'eq',
      'or',
      'select',
      'username',
      '%2C',
      '&',
      '{',
      '}',
      ' ',
    ];
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 60; i++) {
      const q = Array.from(
        { length: 4 + rnd(12) },
        () => alphabet[rnd(alphabet.length)],
      ).join('');
      const res = await h.http(`/users?${encodeURI(q)}`);
      expect(res.status, q).toBeLessThan(500);
    }
  });
});
