import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  ALICE,
  SENTINEL,
  closeClients,
  listen,
  migrationsDir,
  real,
  realtimeClient,
  settle,
  until,
  userToken,
} from './support.ts';
import { DEMO_PUBLISHABLE_KEY } from '../../../supabase/local/config.ts';

let t: TestBackend;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  t = await startTestBackend({ migrationsDir });
});
afterAll(async () => {
  await closeClients(clients);
  await t?.stop();
});

async function client(token: { current: string }) {
  const c = await realtimeClient(t, token);
  clients.push(c);
  return c;
}

const addNote = (body: string) =>
  t.ctx.db.query('insert into notes (owner, body) values ($1, $2)', [
    ALICE,
    body,
  ]);
const notes = (changes: ReturnType<typeof real>) =>
  changes.filter((c) => c.table === 'notes');

describe('access tokens', () => {
  it('re-subscribes with the claims of a token pushed by setAuth', async () => {
    const token = { current: t.anonKey };
    const feed = await listen(await client(token), 'token-update', [
      { event: 'INSERT', schema: 'public', table: 'notes' },
      SENTINEL,
    ]);
    await addNote('before sign-in');
    await settle(t, [feed]);
    expect(notes(real(feed))).toEqual([]);

    token.current = await userToken(t, ALICE);
    await feed.channel.socket.setAuth();
    await until(
      () =>
        feed.system.filter((s) => s.message === 'Subscribed to PostgreSQL')
          .length === 2,
      'resubscription',
    );
    await addNote('after sign-in');
    await settle(t, [feed]);
    expect(
      notes(real(feed)).map((c) => (c.new as { body: string }).body),
    ).toEqual(['after sign-in']);
  });

  it('closes the channel when a pushed token has expired', async () => {
    const token = { current: await userToken(t, ALICE) };
    const feed = await listen(await client(token), 'token-expired', [
      { event: '*', schema: 'public', table: 'notes' },
    ]);
    token.current = await userToken(t, ALICE, -30);
    await feed.channel.socket.setAuth();
    await until(() => feed.statuses.includes('CLOSED'), 'the channel to close');
    expect(feed.system.at(-1)).toEqual({
      extension: 'system',
      status: 'error',
      message: expect.stringMatching(/^Token has expired 3\d seconds ago$/),
      channel: 'token-expired',
    });
  });

  it('closes the channel when its token expires while joined', async () => {
    const token = { current: await userToken(t, ALICE, 2) };
    const feed = await listen(await client(token), 'token-runs-out', [
      { event: '*', schema: 'public', table: 'notes' },
    ]);
    await until(
      () => feed.statuses.includes('CLOSED'),
      'the channel to close',
      4000,
    );
    expect(feed.system.at(-1)).toMatchObject({
      status: 'error',
      message: 'Token has expired 0 seconds ago',
    });
  });

  it('refuses to join with an expired token', async () => {
    const token = { current: await userToken(t, ALICE, -60) };
    const feed = await listen(await client(token), 'join-expired', [
      { event: '*', schema: 'public', table: 'notes' },
    ]);
    expect(feed.statuses[0]).toBe('CHANNEL_ERROR');
    expect(feed.errors[0]?.message).toMatch(
      /^InvalidJWTToken: Token has expired 6\d seconds ago$/,
    );
  });
});

describe('the WebSocket upgrade', () => {
  const refusal = (query: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const ws = new WebSocket(
        `${t.url.replace('http', 'ws')}/realtime/v1/websocket?${query}`,
      );
      ws.on('open', () => reject(new Error('the upgrade was accepted')));
      ws.on('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      ws.on('error', () => undefined);
    });

  it('is refused without an apikey', async () => {
    expect(await refusal('vsn=2.0.0')).toEqual({
      status: 401,
      body: JSON.stringify({ error: 'API key is missing' }),
    });
  });

  // The gateway's key check (supabase/local/api-keys.ts): only the project's
  // keys open a socket, as on hosted Supabase.
  const INVALID_KEY = JSON.stringify({
    message: 'Invalid API key',
    hint: 'Double check your Supabase `anon` or `service_role` API key.',
  });

  it.each(['not-a-jwt', 'sb_publishable_local', 'sb_secret_x'])(
    'is refused with a key the project does not have (%s)',
    async (key) => {
      expect(await refusal(`apikey=${key}&vsn=2.0.0`)).toEqual({
        status: 401,
        body: INVALID_KEY,
      });
    },
  );

  it('accepts the configured publishable key as anon', async () => {
    const ws = new WebSocket(
      `${t.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${DEMO_PUBLISHABLE_KEY}&vsn=2.0.0`,
    );
    await new Promise((resolve, reject) =>
      ws.once('open', resolve).once('error', reject),
    );
    ws.terminate();
  });

  it('is refused with a user token, expired or forged, in place of the key', async () => {
    const expired = await userToken(t, ALICE, -10);
    expect(await refusal(`apikey=${expired}&vsn=2.0.0`)).toEqual({
      status: 401,
      body: INVALID_KEY,
    });
    const foreign = `${expired.slice(0, expired.lastIndexOf('.'))}.c2lnbmF0dXJl`;
    expect((await refusal(`apikey=${foreign}&vsn=2.0.0`)).body).toBe(
      INVALID_KEY,
    );
  });
});
