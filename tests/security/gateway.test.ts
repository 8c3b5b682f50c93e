import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { clientAddress } from '../../supabase/local/client-address.ts';
import { loadConfig } from '../../supabase/local/config.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  query,
} from '../integration/db/support.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

// C1 and H1 of the outside attack: a forged `sb_secret_…` key was the service
// role on /rest/v1, and `Prefer: tx=rollback` let a free company open every
// feedback without spending its views. Keys are now checked once, for every
// service (supabase/local/api-keys.ts, identity.ts), and tx=rollback is
// ignored unless a demo-mode test asks for it.

const FORGED = 'sb_secret_x';
const CONFIGURED = `sb_secret_${'k'.repeat(40)}`;

/** The realtime socket's answer to an upgrade with this apikey. */
function socketStatus(url: string, apikey?: string): Promise<number> {
  const q = apikey ? `apikey=${encodeURIComponent(apikey)}&` : '';
  const ws = new WebSocket(
    `${url.replace('http', 'ws')}/realtime/v1/websocket?${q}vsn=2.0.0`,
  );
  return new Promise((resolve) => {
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(-1));
  });
}

async function call(
  t: TestBackend,
  path: string,
  headers: Record<string, string>,
  init: RequestInit = {},
) {
  const res = await fetch(`${t.url}${path}`, { ...init, headers });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body };
}

// One path of each service that needs a key.
const API_PATHS = [
  '/rest/v1/profiles?select=*',
  '/auth/v1/admin/users',
  '/auth/v1/settings',
  '/storage/v1/bucket',
];

describe('project keys (C1)', () => {
  let t: TestBackend;
  let victim: { id: string; email: string };

  beforeAll(async () => {
    t = await startTestBackend({ env: { PEEGA_SECRET_KEYS: CONFIGURED } });
    victim = await createUser(t, { fullName: 'Victim' });
  });
  afterAll(() => t?.stop());

  it('a forged sb_secret_ key is refused by every service with the gateway body', async () => {
    for (const path of API_PATHS) {
      const r = await call(t, path, {
        apikey: FORGED,
        authorization: `Bearer ${FORGED}`,
      });
      expect(r.status, path).toBe(401);
      expect(r.body, path).toEqual({
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      });
    }
    expect(await socketStatus(t.url, FORGED)).toBe(401);
  });

  it('createClient(url, "sb_secret_x") reads no e-mail, sets no XP and deletes nothing', async () => {
    const attacker = t.client(FORGED);
    const read = await attacker.from('profiles').select('email');
    expect(read.data).toBeNull();
    // Refused at the gateway for the key, not for some other reason.
    expect(read.status).toBe(401);
    expect(read.error?.message).toBe('Invalid API key');
    const write = await attacker
      .from('user_stats')
      .update({ total_points: 999999 })
      .eq('user_id', victim.id)
      .select();
    expect(write.data).toBeNull();
    const admin = await attacker.auth.admin.listUsers();
    expect(admin.data.users).toEqual([]);
    expect(admin.error?.status).toBe(401);
    expect(admin.error?.message).toBe('Invalid API key');
    const [stats] = await query<{ total_points: number }>(
      t,
      'select total_points from public.user_stats where user_id = $1',
      [victim.id],
    );
    expect(stats?.total_points).not.toBe(999999);
  });

  it('a forged key behind a valid anon apikey is refused too (bearer checked on its own)', async () => {
    const headers = { apikey: t.anonKey, authorization: `Bearer ${FORGED}` };
    const rest = await call(t, '/rest/v1/profiles?select=email', headers);
    expect(rest.status).toBe(401);
    expect(rest.body).toMatchObject({ code: 'PGRST301' });
    const admin = await call(t, '/auth/v1/admin/users', headers);
    expect(admin.status).toBe(403);
    const storage = await call(t, '/storage/v1/bucket', headers);
    // Storage's envelope: HTTP 400, the logical 403 in the body.
    expect(storage.status).toBe(400);
    expect(storage.body).toMatchObject({
      statusCode: '403',
      code: 'AccessDenied',
    });
    const fn = await call(t, '/functions/v1/process-feedback', headers, {
      method: 'POST',
    });
    expect(fn.status).toBe(401);
  });

  it('a configured secret key is the service role; the public CLI demo key is not special outside its config', async () => {
    const service = t.client(CONFIGURED);
    const read = await service
      .from('profiles')
      .select('email')
      .eq('id', victim.id);
    expect(read.error).toBeNull();
    expect(read.data).toEqual([{ email: victim.email }]);
    const admin = await service.auth.admin.listUsers();
    expect(admin.error).toBeNull();
    expect(admin.data.users.length).toBeGreaterThan(0);
  });

  it('a request with no apikey answers 401 "No API key found in request" on every API path', async () => {
    for (const path of [...API_PATHS, '/auth/v1/user', '/rest/v1/']) {
      const r = await call(t, path, {});
      expect(r.status, path).toBe(401);
      expect(r.body, path).toEqual({
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
    }
    const signIn = await call(
      t,
      '/auth/v1/token?grant_type=password',
      { 'content-type': 'application/json' },
      {
        method: 'POST',
        body: JSON.stringify({ email: victim.email, password: 'x' }),
      },
    );
    expect(signIn.status).toBe(401);
    expect(await socketStatus(t.url)).toBe(401);
  });

  it('the key may come as ?apikey= instead of the header', async () => {
    const r = await call(
      t,
      `/rest/v1/blog_categories?select=id&apikey=${encodeURIComponent(t.anonKey)}`,
      {},
    );
    expect(r.status).toBe(200);
    // A %-escaped name is the same parameter: hidden from REST too (else
    // PostgREST would read it as a filter on a column "apikey").
    const escaped = await call(
      t,
      `/rest/v1/blog_categories?select=id&%61pikey=${encodeURIComponent(t.anonKey)}`,
      {},
    );
    expect(escaped.status).toBe(200);
  });

  it('links a browser opens without headers still work: e-mail verification, public storage URLs', async () => {
    // GoTrue answers the link itself (an invalid token redirects with an error).
    const verify = await fetch(
      `${t.url}/auth/v1/verify?token=nope&type=signup&redirect_to=${encodeURIComponent(t.url)}`,
      { redirect: 'manual' },
    );
    expect(verify.status).not.toBe(401);
    const publicObject = await fetch(
      `${t.url}/storage/v1/object/public/nothing-here/a.png`,
    );
    expect(publicObject.status).not.toBe(401);
  });
});

describe('Prefer: tx=rollback (H1)', () => {
  let t: TestBackend;

  beforeAll(async () => {
    t = await startTestBackend();
  });
  afterAll(() => t?.stop());

  it('is ignored: a free company that opens a feedback "with rollback" spends the view and marks it read', async () => {
    const author = await createUser(t);
    const company = await createCompany(t, { domain: 'rollback.test' });
    const fb = await insertFeedback(t, author.id, {
      websiteUrl: 'https://rollback.test/page',
      description: 'Hidden until a view is spent.',
    });
    const before = await company.client.rpc('get_company_view_allowance');
    const used = (before.data as { views_used: number }[])[0]?.views_used;
    const opened = await company.client
      .rpc('get_company_feedback_detail', { feedback_uuid: fb.id })
      .rollback();
    expect(opened.error).toBeNull();
    const after = await company.client.rpc('get_company_view_allowance');
    expect((after.data as { views_used: number }[])[0]?.views_used).toBe(
      (used ?? 0) + 1,
    );
    const [row] = await query<{ n: number }>(
      t,
      `select count(*)::int as n from public.company_feedback_views
        where feedback_id = $1`,
      [fb.id],
    );
    expect(row?.n).toBe(1);
  });
});

describe('settings only a demo-mode test may loosen', () => {
  it('outside demo mode tx=rollback and keyless requests are refused at start, and the demo secret key is not accepted', async () => {
    const base = { PEEGA_DEMO: '0', PEEGA_DATA_DIR: 'memory' };
    await expect(
      loadConfig({ ...base, PEEGA_ALLOW_TX_ROLLBACK: '1' }),
    ).rejects.toThrow(/demo mode only/);
    await expect(
      loadConfig({ ...base, PEEGA_REQUIRE_APIKEY: '0' }),
    ).rejects.toThrow(/demo mode only/);
    await expect(
      loadConfig({
        ...base,
        PEEGA_SECRET_KEYS: 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz',
      }),
    ).rejects.toThrow(/cannot be the public demo key/);
    const config = await loadConfig(base);
    expect(config.secretKeys).toEqual([]);
    expect(config.publishableKeys).toEqual([]);
    expect(config.allowTxRollback).toBe(false);
    expect(config.requireApiKey).toBe(true);
  });
});

describe('the client address (H2, M1, L4)', () => {
  it("is the socket's peer; X-Forwarded-For counts only from a trusted proxy", () => {
    expect(clientAddress('127.0.0.1', '203.0.113.9', [])).toBe('127.0.0.1');
    expect(clientAddress('::ffff:10.0.0.2', '203.0.113.9', [])).toBe(
      '10.0.0.2',
    );
    // Behind a trusted proxy, the nearest untrusted hop: a client that
    // prepends its own entries cannot choose its address.
    const proxy = ['10.0.0.2'];
    expect(clientAddress('10.0.0.2', '1.1.1.1, 203.0.113.9', proxy)).toBe(
      '203.0.113.9',
    );
    expect(clientAddress('10.0.0.3', '203.0.113.9', proxy)).toBe('10.0.0.3');
    expect(clientAddress('10.0.0.2', 'not-an-ip', proxy)).toBe('10.0.0.2');
  });
});
