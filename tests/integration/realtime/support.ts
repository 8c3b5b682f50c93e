import WebSocket from 'ws';
import {
  createClient,
  type RealtimeChannel,
  type RealtimePostgresChangesFilter,
  type RealtimePostgresChangesPayload,
  type RealtimeSystemPayload,
  type SupabaseClient,
} from '@supabase/supabase-js';
import type { TestBackend } from '../../support/backend.ts';

export const migrationsDir = 'tests/fixtures/realtime';
export const ALICE = 'a11ce000-0000-4000-8000-000000000001';
export const BOB = 'b0b00000-0000-4000-8000-000000000002';

type Row = Record<string, unknown>;
export type Change = RealtimePostgresChangesPayload<Row>;
export type Binding = RealtimePostgresChangesFilter<
  '*' | 'INSERT' | 'UPDATE' | 'DELETE'
>;

/** Every feed that should see a settle() marker listens to this too. */
export const SENTINEL: Binding = {
  event: 'INSERT',
  schema: 'public',
  table: 'events',
  filter: 'kind=eq.sentinel',
};

export function userToken(t: TestBackend, sub: string, expiresIn = 3600) {
  return t.ctx.jwt.sign(
    { sub, role: 'authenticated', aud: 'authenticated' },
    expiresIn,
  );
}

/**
 * supabase-js as an app builds it, on `ws` (Node 20 has no global WebSocket).
 * `token.current` plays the session's access token; without it the client is anon.
 */
export async function realtimeClient(
  t: TestBackend,
  token?: { current: string },
  realtime: { heartbeatIntervalMs?: number } = {},
): Promise<SupabaseClient> {
  const client = createClient(t.url, t.anonKey, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    realtime: { transport: WebSocket as never, ...realtime },
    ...(token ? { accessToken: async () => token.current } : {}),
  });
  // The session token reaches realtime asynchronously; joins wait for it as apps do after sign-in.
  await client.realtime.setAuth();
  return client;
}

export async function until(
  check: () => boolean,
  what: string,
  timeoutMs = 5000,
) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export interface Feed {
  channel: RealtimeChannel;
  changes: Change[];
  system: RealtimeSystemPayload[];
  statuses: string[];
  errors: Error[];
}

/** Subscribes a channel and waits for SUBSCRIBED and the postgres_changes system message. */
export async function listen(
  client: SupabaseClient,
  name: string,
  bindings: Binding[],
): Promise<Feed> {
  const feed: Feed = {
    channel: client.channel(name),
    changes: [],
    system: [],
    statuses: [],
    errors: [],
  };
  for (const b of bindings)
    feed.channel.on('postgres_changes', b, (p) => feed.changes.push(p));
  feed.channel.on('system', {}, (p: RealtimeSystemPayload) =>
    feed.system.push(p),
  );
  feed.channel.subscribe((status, err) => {
    feed.statuses.push(status);
    if (err) feed.errors.push(err);
  });
  await until(() => feed.statuses.length > 0, `${name} to join`);
  if (feed.statuses[0] !== 'SUBSCRIBED') return feed;
  if (bindings.length) {
    await until(
      () => feed.system.some((s) => s.extension === 'postgres_changes'),
      `${name} system message`,
    );
  }
  return feed;
}

/** Changes other than settle() markers. */
export const real = (feed: Feed) =>
  feed.changes.filter(
    (c) =>
      !(
        c.table === 'events' &&
        c.eventType === 'INSERT' &&
        c.new.kind === 'sentinel'
      ),
  );

let marker = 0;

/**
 * Commits a marker event and waits until every feed has it: delivery keeps
 * commit order, so anything committed before it has been delivered by then.
 */
export async function settle(t: TestBackend, feeds: Feed[]) {
  const n = ++marker;
  await t.ctx.db.query(
    `insert into events (kind, score) values ('sentinel', $1)`,
    [n],
  );
  await until(
    () =>
      feeds.every((f) =>
        f.changes.some(
          (c) =>
            c.table === 'events' &&
            (c.new as Row).kind === 'sentinel' &&
            (c.new as Row).score === n,
        ),
      ),
    'the settle marker',
  );
}

export async function closeClients(clients: SupabaseClient[]) {
  for (const c of clients) {
    await c.removeAllChannels();
    c.realtime.disconnect();
  }
}
