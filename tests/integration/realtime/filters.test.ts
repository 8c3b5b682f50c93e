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
  type Binding,
  type Change,
  type Feed,
} from './support.ts';

let t: TestBackend;
let client: SupabaseClient;

beforeAll(async () => {
  t = await startTestBackend({ migrationsDir });
  client = await realtimeClient(t);
});
afterAll(async () => {
  await closeClients([client]);
  await t?.stop();
});

const events = (extra: Partial<Binding> = {}): Binding =>
  ({ event: '*', schema: 'public', table: 'events', ...extra }) as Binding;
const row = (c: Change) =>
  (c.eventType === 'DELETE' ? c.old : c.new) as Record<string, unknown>;
let feeds = 0;
const subscribe = (...bindings: Binding[]) =>
  listen(client, `filters-${++feeds}`, [...bindings, SENTINEL]);

describe('event filters', () => {
  it('deliver each binding only the events it asked for', async () => {
    const [all, inserts, updates, deletes] = await Promise.all([
      subscribe(events()),
      subscribe(events({ event: 'INSERT' })),
      subscribe(events({ event: 'UPDATE' })),
      subscribe(events({ event: 'DELETE' })),
    ]);
    const { rows } = await t.ctx.db.query<{ id: number }>(
      `insert into events (kind, score, tags, payload) values ('typed', 1, '{a,b}', '{"n": 1}') returning id`,
    );
    const id = rows[0]!.id;
    await t.ctx.db.query(
      'update events set score = 2, done = true where id = $1',
      [id],
    );
    await t.ctx.db.query('delete from events where id = $1', [id]);
    const feedsUsed = [all, inserts, updates, deletes];
    await settle(t, feedsUsed);

    const kinds = (f: Feed) => real(f).map((c) => c.eventType);
    expect(kinds(all)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(kinds(inserts)).toEqual(['INSERT']);
    expect(kinds(updates)).toEqual(['UPDATE']);
    expect(kinds(deletes)).toEqual(['DELETE']);
    const [insert, update, remove] = real(all);
    expect(insert!.new).toEqual({
      id,
      kind: 'typed',
      score: 1,
      tags: ['a', 'b'],
      payload: { n: 1 },
      done: false,
    });
    // Default replica identity: the old values are the primary key only.
    expect(update).toMatchObject({
      new: { id, score: 2, done: true },
      old: { id },
    });
    expect(remove).toMatchObject({ new: {}, old: { id } });
  });
});

describe('column filters', () => {
  const cases: [string, string[]][] = [
    ['kind=eq.alpha', ['alpha:9', 'alpha:5']],
    ['kind=neq.alpha', ['beta,gamma:11', 'delta:100']],
    ['score=lt.10', ['alpha:9', 'alpha:5']],
    ['score=lte.9', ['alpha:9', 'alpha:5']],
    ['score=gt.10', ['beta,gamma:11', 'delta:100']],
    ['score=gte.100', ['delta:100']],
    ['kind=in.(alpha,"beta,gamma")', ['alpha:9', 'beta,gamma:11', 'alpha:5']],
    ['kind=not.in.(alpha,delta)', ['beta,gamma:11']],
    ['kind=eq.alpha,score=gte.6', ['alpha:9']],
  ];

  it.each(cases)('%s', async (filter, expected) => {
    const feed = await subscribe(events({ event: 'INSERT', filter }));
    await t.ctx.db.query(
      `insert into events (kind, score) values ('alpha', 9), ('beta,gamma', 11), ('delta', 100), ('alpha', 5)`,
    );
    await settle(t, [feed]);
    expect(real(feed).map((c) => `${row(c).kind}:${row(c).score}`)).toEqual(
      expected,
    );
  });

  it('judge a DELETE by the replica identity only', async () => {
    const { rows } = await t.ctx.db.query<{ id: number }>(
      `insert into events (kind) values ('gone') returning id`,
    );
    const id = rows[0]!.id;
    const [byKey, byKind] = await Promise.all([
      subscribe(events({ event: 'DELETE', filter: `id=eq.${id}` })),
      subscribe(events({ event: 'DELETE', filter: 'kind=eq.gone' })),
    ]);
    await t.ctx.db.query('delete from events where id = $1', [id]);
    await settle(t, [byKey, byKind]);
    expect(real(byKey).map((c) => c.old)).toEqual([{ id }]);
    expect(real(byKind)).toEqual([]);
  });
});
