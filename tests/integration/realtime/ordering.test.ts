import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  type Feed,
} from './support.ts';

let t: TestBackend;
let client: SupabaseClient;
let feed: Feed;

beforeAll(async () => {
  t = await startTestBackend({ migrationsDir });
  client = await realtimeClient(t);
  feed = await listen(client, 'ordering', [
    {
      event: 'INSERT',
      schema: 'public',
      table: 'events',
      filter: 'kind=neq.sentinel',
    },
    SENTINEL,
  ]);
});
afterAll(async () => {
  await closeClients([client]);
  await t?.stop();
});

const insert = (
  db: { query: (sql: string, p: unknown[]) => Promise<unknown> },
  kind: string,
) => db.query('insert into events (kind) values ($1)', [kind]);
const kinds = () => real(feed).map((c) => (c.new as { kind: string }).kind);

describe('delivery order', () => {
  it('follows commit order, statements in order within a transaction', async () => {
    feed.changes.length = 0;
    for (let i = 0; i < 10; i++) await insert(t.ctx.db, `single-${i}`);
    await t.ctx.db.transaction(async (tx) => {
      for (let i = 0; i < 5; i++) await insert(tx, `batch-${i}`);
    });
    await t.ctx.db.query(
      `insert into events (kind) select 'multi-' || g from generate_series(0, 4) g`,
    );
    await settle(t, [feed]);
    expect(kinds()).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `single-${i}`),
      ...Array.from({ length: 5 }, (_, i) => `batch-${i}`),
      ...Array.from({ length: 5 }, (_, i) => `multi-${i}`),
    ]);
  });

  it('delivers a transaction that commits first first, even if it started last', async (ctx) => {
    // PGlite runs one transaction at a time; only PostgreSQL can interleave them.
    if (t.ctx.db.kind !== 'postgres') ctx.skip();
    feed.changes.length = 0;
    let release!: () => void;
    let inserted!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const ready = new Promise<void>((r) => (inserted = r));
    const first = t.ctx.db.transaction(async (tx) => {
      await insert(tx, 'started-first');
      inserted();
      await hold;
    });
    await ready;
    await t.ctx.db.transaction((tx) => insert(tx, 'committed-first'));
    release();
    await first;
    await settle(t, [feed]);
    expect(kinds()).toEqual(['committed-first', 'started-first']);
  });

  it('delivers nothing of a rolled-back transaction or savepoint', async () => {
    feed.changes.length = 0;
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await insert(tx, 'rolled-back');
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await t.ctx.db.transaction(async (tx) => {
      await tx.query('savepoint s');
      await insert(tx, 'undone');
      await tx.query('rollback to savepoint s');
      await insert(tx, 'kept');
    });
    await settle(t, [feed]);
    expect(kinds()).toEqual(['kept']);
  });
});
