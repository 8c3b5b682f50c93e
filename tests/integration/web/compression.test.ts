// The gateway compresses dynamic answers for clients that accept gzip, as
// hosted Supabase's does (supabase/local/server.ts): REST rows, RPC results.
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';

let t: TestBackend;
let token: string;

beforeAll(async () => {
  t = await startTestBackend({ seed: true });
  const client = t.client();
  const { data, error } = await client.auth.signInWithPassword({
    email: 'consumer@example.com',
    password: 'demo-password',
  });
  if (error) throw error;
  token = data.session.access_token;
});
afterAll(async () => {
  await t?.stop();
});

/** The raw answer, bytes as sent (no client-side decoding). */
function raw(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<{
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${t.url}${path}`,
      {
        method,
        headers: {
          apikey: t.anonKey,
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const feed = (headers: Record<string, string>, method = 'POST') =>
  raw('/rest/v1/rpc/get_user_feedback', headers, method, '{}');

describe('compressed answers', () => {
  it('gzips a large REST answer for a client that accepts it, same JSON', async () => {
    const plain = await feed({});
    const zipped = await feed({ 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.headers.vary).toMatch(/origin|accept-encoding/i);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(gunzipSync(zipped.body).toString('utf8'))).toEqual(
      JSON.parse(plain.body.toString('utf8')),
    );
  });

  it('keeps PostgREST row ranges, and compresses them', async () => {
    const path = '/rest/v1/feedback?select=*';
    const plain = await raw(path, { prefer: 'count=exact' });
    const zipped = await raw(path, {
      prefer: 'count=exact',
      'accept-encoding': 'gzip',
    });
    expect(plain.headers['content-range']).toMatch(/^0-\d+\/\d+$/);
    expect(zipped.headers['content-range']).toBe(
      plain.headers['content-range'],
    );
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
  });

  it('sends a small answer as it is', async () => {
    const res = await raw('/rest/v1/user_stats?select=total_points', {
      'accept-encoding': 'gzip',
    });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD without a body or an encoding', async () => {
    const res = await raw(
      '/rest/v1/feedback?select=*',
      {
        'accept-encoding': 'gzip',
      },
      'HEAD',
    );
    expect(res.body.length).toBe(0);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
