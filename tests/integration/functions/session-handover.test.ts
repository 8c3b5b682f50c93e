import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SessionHandoverError,
  createSessionHandoverHref,
  redeemSessionHandover,
} from '../../../shared/data/session-handover.ts';
import type { Client } from '../../../shared/data/client.ts';
import {
  SESSION_HANDOVER_MESSAGES,
  readSessionHandoverFragment,
} from '../../../shared/domain/session-handover.ts';
import {
  createTestClient,
  startTestBackend,
  type TestBackend,
} from '../../support/backend.ts';

// #40 item 17: the signed-in extension hands its session to the web app
// with a one-time code: single use, one minute, bound to the account, and
// the web browser ends up signed in as that account (supabase-js, the
// functions gateway and GoTrue's magic-link token, as on hosted).
let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend({
    // Each request may come from an address of its own, behind a gateway.
    env: { PEEGA_TRUSTED_PROXIES: '127.0.0.1,::1,::ffff:127.0.0.1' },
  });
});
afterAll(() => t?.stop());

let n = 0;
async function extensionOf(): Promise<{
  client: Client;
  id: string;
  email: string;
}> {
  n += 1;
  const email = `handover-${n}-${Date.now()}@example.net`;
  const client = createTestClient(t.url, t.anonKey) as unknown as Client;
  const { data, error } = await client.auth.signUp({
    email,
    password: 'a-good-password-9',
  });
  if (error) throw error;
  return { client, id: data.user!.id, email };
}

async function codeOf(client: Client): Promise<string> {
  const href = await createSessionHandoverHref(client, '/app');
  const [path, hash] = href.split('#');
  expect(path).toBe('/auth/handover');
  const { code, next } = readSessionHandoverFragment(hash!);
  expect(next).toBe('/app');
  return code!;
}

const web = (address = '192.0.2.1') =>
  createTestClient(t.url, t.anonKey, { 'x-forwarded-for': address });

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'signed in',
    (e: unknown) => (e instanceof SessionHandoverError ? e.message : String(e)),
  );

describe('session handover', () => {
  it('signs the web browser in as the extension’s account, once', async () => {
    const ext = await extensionOf();
    const code = await codeOf(ext.client);
    const browser = web();
    await redeemSessionHandover(browser, code);
    const { data } = await browser.auth.getUser();
    expect(data.user?.id).toBe(ext.id);
    // The same code again, from anywhere: spent.
    const again = web('192.0.2.2');
    expect(await refusal(redeemSessionHandover(again, code))).toBe(
      SESSION_HANDOVER_MESSAGES.expired,
    );
    expect((await again.auth.getSession()).data.session).toBeNull();
  });

  it('refuses a code older than a minute, and unknown or malformed ones', async () => {
    const ext = await extensionOf();
    const code = await codeOf(ext.client);
    await t.ctx.db.exec(
      `update private.session_handovers set expires_at = now() - interval '1 second'`,
    );
    expect(await refusal(redeemSessionHandover(web(), code))).toBe(
      SESSION_HANDOVER_MESSAGES.expired,
    );
    // Spent even though it was refused: no row is left.
    const { rows } = await t.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from private.session_handovers',
    );
    expect(rows[0]!.n).toBe(0);
    for (const junk of ['0'.repeat(64), 'not-a-code', ''])
      expect(await refusal(redeemSessionHandover(web(), junk))).toBe(
        SESSION_HANDOVER_MESSAGES.expired,
      );
  });

  it('two accounts’ codes each sign in their own account', async () => {
    const a = await extensionOf();
    const b = await extensionOf();
    const [codeA, codeB] = [await codeOf(a.client), await codeOf(b.client)];
    const browserB = web();
    await redeemSessionHandover(browserB, codeB);
    const browserA = web();
    await redeemSessionHandover(browserA, codeA);
    expect((await browserA.auth.getUser()).data.user?.id).toBe(a.id);
    expect((await browserB.auth.getUser()).data.user?.id).toBe(b.id);
  });

  it('only a signed-in account gets a code; only the function spends one', async () => {
    const anon = web();
    const made = await anon.rpc('create_session_handover');
    expect(made.error?.code).toBe('42501');
    const ext = await extensionOf();
    const spent = await ext.client.rpc('redeem_session_handover', {
      p_code: await codeOf(ext.client),
      p_address: '',
    });
    expect(spent.error?.code).toBe('42501');
  });

  it('counts tries per address: past 60 in 10 minutes, 429 with Retry-After', async () => {
    const call = (address: string) =>
      fetch(`${t.url}/functions/v1/session-handover`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          apikey: t.anonKey,
          authorization: `Bearer ${t.anonKey}`,
          'x-forwarded-for': address,
        },
        body: JSON.stringify({ code: 'f'.repeat(64) }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await call('198.51.100.77')).status);
    expect(statuses.slice(0, 60).every((s) => s === 400)).toBe(true);
    const limited = await call('198.51.100.77');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(statuses[60]).toBe(429);
    // Another address has its own count.
    expect((await call('198.51.100.78')).status).toBe(400);
  });
});
