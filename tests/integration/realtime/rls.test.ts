import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  ALICE,
  BOB,
  SENTINEL,
  closeClients,
  listen,
  migrationsDir,
  real,
  realtimeClient,
  settle,
  until,
  userToken,
  type Feed,
} from './support.ts';

// Changes to an RLS table reach a subscriber only if its role and claims can
// SELECT the row when the change is delivered (hosted `realtime.apply_rls`).
let t: TestBackend;
const clients = new Map<string, SupabaseClient>();
let alice: Feed;
let bob: Feed;
let anon: Feed;

async function feedFor(name: string, sub?: string) {
  const client = await realtimeClient(
    t,
    sub ? { current: await userToken(t, sub) } : undefined,
  );
  clients.set(name, client);
  return listen(client, name, [
    { event: '*', schema: 'public', table: 'notes' },
    SENTINEL,
  ]);
}

beforeAll(async () => {
  t = await startTestBackend({ migrationsDir });
  [alice, bob, anon] = await Promise.all([
    feedFor('alice', ALICE),
    feedFor('bob', BOB),
    feedFor('anon'),
  ]);
});
afterAll(async () => {
  await closeClients([...clients.values()]);
  await t?.stop();
});

const note = async (owner: string, body: string) =>
  (
    await t.ctx.db.query<{ id: string }>(
      'insert into notes (owner, body) values ($1, $2) returning id',
      [owner, body],
    )
  ).rows[0]!.id;

describe('postgres_changes on a table with RLS', () => {
  it('delivers INSERT and UPDATE of a note to its owner, and to no one else', async () => {
    const id = await note(ALICE, 'hello');
    await until(() => real(alice).length === 1, 'the INSERT');
    await t.ctx.db.query(
      `update notes set body = 'edited', rank = 2 where id = $1`,
      [id],
    );
    await settle(t, [alice, bob, anon]);

    const [insert, update] = real(alice);
    expect(insert).toEqual({
      schema: 'public',
      table: 'notes',
      commit_timestamp: expect.stringMatching(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
      ),
      eventType: 'INSERT',
      new: {
        id,
        owner: ALICE,
        body: 'hello',
        rank: 0,
        created_at: expect.any(String),
      },
      old: {},
      errors: null,
    });
    // REPLICA IDENTITY FULL: the whole old row comes with an UPDATE.
    expect(update).toMatchObject({
      eventType: 'UPDATE',
      new: { id, owner: ALICE, body: 'edited', rank: 2 },
      old: { id, owner: ALICE, body: 'hello', rank: 0 },
    });
    expect(real(bob)).toEqual([]);
    expect(real(anon)).toEqual([]);
    alice.changes.length = bob.changes.length = anon.changes.length = 0;
  });

  it('reports a DELETE to every subscriber with the key only, as hosted Realtime does', async () => {
    const id = await note(ALICE, 'to delete');
    await until(() => real(alice).length === 1, 'the INSERT');
    await t.ctx.db.query('delete from notes where id = $1', [id]);
    await settle(t, [alice, bob, anon]);

    // RLS cannot be evaluated on a deleted row, so its contents are withheld.
    const deleted = { eventType: 'DELETE', new: {}, old: { id } };
    expect(real(alice).map((c) => c.eventType)).toEqual(['INSERT', 'DELETE']);
    expect(real(alice)[1]).toMatchObject(deleted);
    expect(real(bob)).toEqual([expect.objectContaining(deleted)]);
    expect(real(anon)).toEqual([expect.objectContaining(deleted)]);
  });

  it('keeps DELETEs private with an owner filter on a REPLICA IDENTITY FULL table', async () => {
    const mine = await listen(clients.get('alice')!, 'alice-own', [
      {
        event: '*',
        schema: 'public',
        table: 'notes',
        filter: `owner=eq.${ALICE}`,
      },
      SENTINEL,
    ]);
    const theirs = await listen(clients.get('bob')!, 'bob-own', [
      {
        event: '*',
        schema: 'public',
        table: 'notes',
        filter: `owner=eq.${BOB}`,
      },
      SENTINEL,
    ]);
    const id = await note(ALICE, 'private');
    await until(() => real(mine).length === 1, 'the INSERT');
    await t.ctx.db.query('delete from notes where id = $1', [id]);
    await settle(t, [mine, theirs]);

    expect(real(mine).map((c) => [c.eventType, c.old])).toEqual([
      ['INSERT', {}],
      ['DELETE', { id }],
    ]);
    expect(real(theirs)).toEqual([]);
  });
});
