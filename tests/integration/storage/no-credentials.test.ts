import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageBackend, type StorageBackend } from './storage-backend.ts';

// With the gateway's key check off (demo setting), Storage itself answers a
// request that carries no credentials at all: its route schema wants the
// Authorization header. Never an empty 200 list.
let s: StorageBackend;
beforeAll(async () => {
  s = await startStorageBackend({ env: { PEEGA_REQUIRE_APIKEY: 'false' } });
});
afterAll(() => s?.t.stop());

const NO_AUTH = {
  statusCode: '400',
  code: 'InvalidRequest',
  error: 'Bad Request',
  message: "headers must have required property 'authorization'",
};

const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${s.t.url}/storage/v1${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
};

describe('a request with no credentials at all', () => {
  it('is refused like Storage does on listing, bucket and object routes', async () => {
    for (const [method, path, body] of [
      ['POST', '/object/list/screenshots', { prefix: '' }],
      ['POST', '/object/list-v2/screenshots', {}],
      ['GET', '/bucket'],
      ['GET', '/object/authenticated/screenshots/a/b.png'],
      ['GET', '/render/image/authenticated/screenshots/a/b.png?width=10'],
    ] as const) {
      expect(await call(method, path, body), `${method} ${path}`).toEqual({
        status: 400,
        body: NO_AUTH,
      });
    }
  });

  it('still lets the anon key through (as the gateway maps it) and public URLs without any header', async () => {
    const { data, error } = await s.anon.storage.from('screenshots').list();
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const res = await fetch(
      `${s.t.url}/storage/v1/object/list/screenshots?apikey=${s.t.anonKey}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prefix: '' }),
      },
    );
    expect(res.status).toBe(200);
    const pub = await fetch(
      `${s.t.url}/storage/v1/object/public/blog-images/x.png`,
    );
    expect((await pub.json()).code).toBe('NoSuchKey');
  });
});

describe('with the gateway key check on (the default)', () => {
  it('the gateway answers first', async () => {
    const t = await startStorageBackend();
    try {
      const res = await fetch(`${t.t.url}/storage/v1/object/list/screenshots`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(401);
      expect((await res.json()).message).toBe('No API key found in request');
    } finally {
      await t.t.stop();
    }
  });
});
