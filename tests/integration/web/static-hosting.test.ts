import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';

let t: TestBackend;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'peega-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Peega</title><div id="root"></div>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(
    path.join(dist, 'favicon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  t = await startTestBackend({
    migrationsDir: 'tests/fixtures/none',
    configure(config) {
      config.webDist = dist;
    },
  });
});
afterAll(async () => {
  await t?.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe('web hosting', () => {
  it('serves the app shell at / without long caching', async () => {
    const res = await fetch(`${t.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<div id="root">');
  });

  it.each(['/app', '/blog/some-article', '/company-dashboard?tab=x'])(
    'falls back to the shell for %s',
    async (p) => {
      const res = await fetch(`${t.url}${p}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    },
  );

  it('caches hashed assets for a year', async () => {
    const res = await fetch(`${t.url}/assets/index-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'text/javascript; charset=utf-8',
    );
    expect(res.headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('sends hashed scripts gzipped to clients that accept it, plain otherwise', async () => {
    const get = (headers: Record<string, string>) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>(
        (resolve, reject) => {
          httpGet(`${t.url}/assets/index-abc123.js`, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ headers: res.headers, body: Buffer.concat(chunks) }),
            );
          }).on('error', reject);
        },
      );
    const zipped = await get({ 'accept-encoding': 'gzip, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(zipped.body).toString()).toBe('console.log(1)');
    const plain = await get({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe('console.log(1)');
  });

  it('answers 404 for a missing file rather than the shell', async () => {
    expect((await fetch(`${t.url}/assets/missing-000.js`)).status).toBe(404);
  });

  it.each([
    '/..%2Fpackage.json',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/assets/..%2F..%2Fpackage.json',
  ])('never serves files outside the build (%s)', async (p) => {
    const res = await fetch(`${t.url}${p}`);
    const body = await res.text();
    expect(body).not.toContain('"name": "peega"');
    expect(body).not.toContain('root:');
  });

  it('serves /config.json with the runtime contract', async () => {
    const res = await fetch(`${t.url}/config.json`);
    expect(await res.json()).toEqual({
      supabaseUrl: t.url,
      supabaseAnonKey: t.anonKey,
      demoMode: true,
      extensionUrl: `${t.url}/extension`,
      linkedinEnabled: false,
      linkedinClientId: null,
      linkedinAuthorizeUrl: null,
      supportEmail: 'hello@peega.app',
      billingEnabled: false,
    });
  });

  it('answers HEAD without a body', async () => {
    const res = await fetch(`${t.url}/favicon.svg`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(await res.text()).toBe('');
  });
});
