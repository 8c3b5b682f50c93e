// Realtime delivery latency on loopback: from issuing an autocommit INSERT
// (an upper bound on its commit) to the subscriber's postgres_changes callback.
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { measure, rounds } from './measure.ts';
import type { BenchResult } from './types.ts';

const ITERATIONS = 200;
const WARMUP = 20;
const FAN_OUT = rounds(20);
const OWNER = 'a11ce000-0000-4000-8000-000000000001';

async function subscriber(
  t: TestBackend,
  table: 'events' | 'notes',
  session: number,
  onRow: (id: string) => void,
) {
  // One session each: distinct claims cost one visibility check each.
  const claims = {
    sub: OWNER,
    role: 'authenticated',
    aud: 'authenticated',
    session_id: `s${session}`,
  };
  const token =
    table === 'notes' ? await t.ctx.jwt.sign(claims, 3600) : t.anonKey;
  const client = createClient(t.url, t.anonKey, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    realtime: { transport: WebSocket as never },
    accessToken: async () => token,
  });
  await client.realtime.setAuth();
  const channel = client
    .channel(`bench-${table}-${Math.random()}`)
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table }, (p) =>
      onRow(String(table === 'notes' ? p.new.body : p.new.kind)),
    );
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve();
      else reject(err ?? new Error(status));
    }),
  );
  return client;
}

/** Sequential INSERTs, each awaited until `subscribers` callbacks have seen it. */
async function deliveries(
  t: TestBackend,
  table: 'events' | 'notes',
  subscribers: number,
  name: string,
): Promise<BenchResult> {
  const waiting = new Map<string, { left: number; done: () => void }>();
  const onRow = (tag: string) => {
    const w = waiting.get(tag);
    if (w && --w.left === 0) w.done();
  };
  const clients: SupabaseClient[] = [];
  for (let i = 0; i < subscribers; i++) {
    clients.push(await subscriber(t, table, i, onRow));
  }
  const sql =
    table === 'notes'
      ? `insert into notes (owner, body) values ('${OWNER}', $1)`
      : 'insert into events (kind) values ($1)';
  let n = 0;
  const result = await measure(
    name,
    async () => {
      const tag = `${name}-${n++}`;
      const seen = new Promise<void>((done, fail) => {
        waiting.set(tag, { left: subscribers, done });
        setTimeout(
          () => fail(new Error(`${tag} was not delivered`)),
          5000,
        ).unref();
      });
      await t.ctx.db.query(sql, [tag]);
      await seen;
      waiting.delete(tag);
    },
    { warmup: WARMUP, iterations: ITERATIONS },
  );
  for (const c of clients) {
    await c.removeAllChannels();
    c.realtime.disconnect();
  }
  return {
    ...result,
    target: { p95_ms: 100 },
    notes: `${ITERATIONS} sequential INSERTs, ${t.ctx.db.kind}`,
  };
}

export async function benchRealtime(): Promise<BenchResult[]> {
  const t = await startTestBackend({
    migrationsDir: 'tests/fixtures/realtime',
  });
  try {
    return [
      await deliveries(
        t,
        'events',
        1,
        'realtime: INSERT to callback, table without RLS',
      ),
      await deliveries(
        t,
        'notes',
        1,
        'realtime: INSERT to callback, RLS-checked owner',
      ),
      await deliveries(
        t,
        'notes',
        FAN_OUT,
        `realtime: INSERT to last of ${FAN_OUT} RLS-checked sessions`,
      ),
    ];
  } finally {
    await t.stop();
  }
}
