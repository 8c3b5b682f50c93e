// CORS at the gateway, as hosted Supabase's answers it: the web app and the
// extension call the API from other origins. A preflight gets the methods,
// headers and max age a browser needs before it sends the request; every
// other answer names the origin and the headers a page may read, and no more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(() => t?.stop());

const ORIGIN = 'https://app.example.com';

describe('CORS at the gateway', () => {
  it('answers a preflight with what the browser asks for', async () => {
    const res = await fetch(`${t.url}/rest/v1/feedback`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'x-custom-thing',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('vary')).toMatch(/origin/i);
    expect(res.headers.get('access-control-allow-methods')).toMatch(/PATCH/);
    const allowed = res.headers.get('access-control-allow-headers') ?? '';
    for (const h of ['authorization', 'apikey', 'x-client-info', 'prefer'])
      expect(allowed).toContain(h);
    expect(allowed).toContain('x-custom-thing');
    expect(res.headers.get('access-control-max-age')).toBe('86400');
  });

  it('names the origin and the readable headers on an answer, without the preflight’s', async () => {
    const res = await fetch(`${t.url}/rest/v1/blog_categories?select=id`, {
      headers: { origin: ORIGIN, apikey: t.anonKey },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-expose-headers')).toMatch(
      /Content-Range/,
    );
    expect(res.headers.get('access-control-allow-methods')).toBeNull();
    expect(res.headers.get('access-control-allow-headers')).toBeNull();
    expect(res.headers.get('access-control-max-age')).toBeNull();
  });

  it('allows any origin when the request names none', async () => {
    const res = await fetch(`${t.url}/rest/v1/blog_categories?select=id`, {
      headers: { apikey: t.anonKey },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
