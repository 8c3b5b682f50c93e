import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  SENTINEL,
  closeClients,
  listen,
  migrationsDir,
  real,
  realtimeClient,
  settle,
  until,
} from './support.ts';

let t: TestBackend;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  t = await startTestBackend({ migrationsDir });
});
afterAll(async () => {
  await closeClients(clients);
  await t?.stop();
});

async function client() {
  const c = await realtimeClient(t);
  clients.push(c);
  return c;
}

/** The `ws` socket under realtime-js (its phoenix socket's `conn`, internal API). */
function socketOf(c: SupabaseClient): WebSocket {
  const realtime = c.realtime as unknown as {
    socketAdapter: { getSocket(): { conn: WebSocket } };
  };
  return realtime.socketAdapter.getSocket().conn;
}

describe('the connection', () => {
  it('rejoins after the socket drops, and delivers again exactly once', async () => {
    const c = await client();
    const feed = await listen(c, 'reconnect', [
      { event: 'INSERT', schema: 'public', table: 'events' },
      SENTINEL,
    ]);
    socketOf(c).terminate();
    await until(
      () => feed.statuses.filter((s) => s === 'SUBSCRIBED').length === 2,
      'the rejoin',
      10_000,
    );
    feed.changes.length = 0;
    await t.ctx.db.query(
      `insert into events (kind) values ('after-reconnect')`,
    );
    await settle(t, [feed]);
    expect(real(feed).map((e) => (e.new as { kind: string }).kind)).toEqual([
      'after-reconnect',
    ]);
  });

  it('broadcasts to the other members of a topic, and to the sender with self', async () => {
    const [a, b] = [await client(), await client()];
    const got: [string, unknown][] = [];
    const sender = a.channel('room', {
      config: { broadcast: { self: true, ack: true } },
    });
    const receiver = b.channel('room');
    sender.on('broadcast', { event: 'wave' }, (m) =>
      got.push(['sender', m.payload]),
    );
    receiver.on('broadcast', { event: 'wave' }, (m) =>
      got.push(['receiver', m.payload]),
    );
    await Promise.all(
      [sender, receiver].map(
        (ch) =>
          new Promise<void>((r) =>
            ch.subscribe((s) => s === 'SUBSCRIBED' && r()),
          ),
      ),
    );
    expect(
      await sender.send({
        type: 'broadcast',
        event: 'wave',
        payload: { hi: 1 },
      }),
    ).toBe('ok');
    await until(() => got.length === 2, 'both deliveries');
    expect(got.sort()).toEqual([
      ['receiver', { hi: 1 }],
      ['sender', { hi: 1 }],
    ]);
  });

  it('tracks presence', async () => {
    const [a, b] = [await client(), await client()];
    const ch = a.channel('lobby', { config: { presence: { key: 'ann' } } });
    const watcher = b.channel('lobby');
    const seen: string[][] = [];
    watcher.on('presence', { event: 'sync' }, () =>
      seen.push(Object.keys(watcher.presenceState())),
    );
    await Promise.all(
      [ch, watcher].map(
        (x) =>
          new Promise<void>((r) =>
            x.subscribe((s) => s === 'SUBSCRIBED' && r()),
          ),
      ),
    );
    expect(await ch.track({ mood: 'happy' })).toBe('ok');
    await until(
      () => seen.some((keys) => keys.includes('ann')),
      'the presence sync',
    );
    expect(watcher.presenceState().ann).toEqual([
      expect.objectContaining({ mood: 'happy' }),
    ]);
    await a.removeChannel(ch);
    await until(
      () => Object.keys(watcher.presenceState()).length === 0,
      'the leave',
    );
  });
});
