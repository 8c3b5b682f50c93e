// Many users' reads at once (issue #25): on PostgreSQL they share pipelined
// connections, several requests to one write. Each must see its own role,
// claims and RLS rows, and one failing request must fail alone.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, startRest, type RestHarness } from './helpers.ts';

let h: RestHarness;
let clients: { name: string; uid: string | null; c: SupabaseClient }[];
beforeAll(async () => {
  h = await startRest();
  clients = [
    { name: 'alice', uid: ALICE, c: await h.user(ALICE, 'alice@example.com') },
    { name: 'anon', uid: null, c: h.anon },
    { name: 'bob', uid: BOB, c: await h.user(BOB, 'bob@example.com') },
  ];
});
afterAll(async () => {
  await h.backend.stop();
});

const SEES: Record<string, string[]> = {
  alice: ['alice private', 'alice public'],
  anon: ['alice public'],
  bob: ['alice public', 'bob private'],
};

describe('concurrent reads of different users', () => {
  it('each request sees its own claims and rows, and a failure stays its own', async () => {
    for (let round = 0; round < 3; round++) {
      const calls = Array.from({ length: 60 }, async (_, i) => {
        const { name, uid, c } = clients[i % clients.length]!;
        if (i === 31) {
          const bad = await c.from('todos').select('task').eq('id', 'x');
          expect(bad.status).toBe(400);
          expect(bad.error?.code).toBe('22P02');
          return;
        }
        if (i % 2) {
          const { data, error } = await c.rpc('whoami', {}, { get: true });
          expect(error).toBeNull();
          expect(data).toMatchObject({
            role: uid ? 'authenticated' : 'anon',
            uid,
            email: uid ? `${name}@example.com` : null,
            method: 'GET',
            read_only: 'on',
          });
          return;
        }
        const { data, error } = await c.from('todos').select('task');
        expect(error).toBeNull();
        expect((data ?? []).map((r) => r.task).sort()).toEqual(SEES[name]);
      });
      await Promise.all(calls);
    }
  });
});
