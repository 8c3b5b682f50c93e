import { FunctionsHttpError } from '@supabase/supabase-js';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';

const fixtures = path.resolve('tests/fixtures/functions');
let t: TestBackend;

beforeAll(async () => {
  t = await startTestBackend({
    migrationsDir: 'tests/fixtures/none',
    configure(config) {
      config.functionsDir = fixtures;
      config.configToml = path.join(fixtures, 'config.toml');
    },
  });
});
afterAll(() => t?.stop());

describe('functions.invoke', () => {
  it('passes method, sub-path, query, JSON body and headers, with the env hosted Supabase gives', async () => {
    const { data, error } = await t
      .client()
      .functions.invoke('echo/items?x=1', { body: { a: 1 } });
    expect(error).toBeNull();
    expect(data).toEqual({
      method: 'POST',
      path: '/echo/items',
      search: '?x=1',
      contentType: 'application/json',
      authorization: `Bearer ${t.anonKey}`,
      body: '{"a":1}',
      env: { url: t.url, anon: true, service: true, secret: 'from-env-file' },
    });
  });

  it('sends strings as text/plain and honours the method', async () => {
    const { data } = await t
      .client()
      .functions.invoke('echo', { body: 'hi', method: 'PUT' });
    expect(data).toMatchObject({
      method: 'PUT',
      contentType: 'text/plain',
      body: 'hi',
    });
  });

  it('turns a non-2xx answer into FunctionsHttpError with the response as context', async () => {
    const { data, error } = await t.client().functions.invoke('teapot');
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const res = (error as FunctionsHttpError).context as Response;
    expect(res.status).toBe(418);
    expect(await res.json()).toEqual({ error: 'I am a teapot' });
  });

  it('answers a thrown error with 500 and keeps serving', async () => {
    const { error } = await t.client().functions.invoke('boom');
    const res = (error as FunctionsHttpError).context as Response;
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    });
    const again = await t.client().functions.invoke('echo', { body: {} });
    expect(again.error).toBeNull();
  });

  it('answers an unknown function with 404 NOT_FOUND', async () => {
    const res = await fetch(`${t.url}/functions/v1/nope`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.anonKey}` },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Requested function was not found',
    });
  });
});

describe('JWT verification', () => {
  it('refuses a missing authorization header', async () => {
    const res = await fetch(`${t.url}/functions/v1/echo`, { method: 'POST' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      code: 'UNAUTHORIZED_NO_AUTH_HEADER',
      message: 'Missing authorization header',
    });
  });

  it('refuses an invalid JWT', async () => {
    const res = await fetch(`${t.url}/functions/v1/echo`, {
      method: 'POST',
      headers: { authorization: 'Bearer not.a.jwt' },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 401, message: 'Invalid JWT' });
  });

  it('lets a verify_jwt = false function through without a token', async () => {
    const res = await fetch(`${t.url}/functions/v1/public-hello`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hello');
  });
});

describe('CORS', () => {
  it('leaves preflights to the function, as hosted Supabase does', async () => {
    const res = await fetch(`${t.url}/functions/v1/teapot`, {
      method: 'OPTIONS',
      headers: { origin: 'http://x.test' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const none = await fetch(`${t.url}/functions/v1/public-hello`, {
      method: 'OPTIONS',
      headers: { origin: 'http://x.test' },
    });
    expect(none.headers.get('access-control-allow-origin')).toBeNull();
  });
});
