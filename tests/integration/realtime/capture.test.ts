import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  closeClients,
  listen,
  migrationsDir,
  realtimeClient,
  until,
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

describe('change capture', () => {
  it('follows a table published after start-up', async () => {
    await t.ctx.db.exec(
      'alter publication supabase_realtime add table public.unpublished',
    );
    const feed = await listen(client, 'late', [
      { event: 'INSERT', schema: 'public', table: 'unpublished' },
    ]);
    expect(feed.system.at(-1)?.status).toBe('ok');
    await t.ctx.db.query('insert into unpublished (id) values (1)');
    await until(() => feed.changes.length === 1, 'the INSERT');
    expect(feed.changes[0]?.new).toEqual({ id: 1 });
  });

  it.each(['anon', 'authenticated'])(
    'keeps captured rows away from %s',
    async (role) => {
      await expect(
        t.ctx.db.transaction(
          (tx) => tx.query('select * from realtime.captured_changes'),
          { role },
        ),
      ).rejects.toMatchObject({ code: '42501' });
    },
  );

  it('leaves no captured rows behind once delivered', async () => {
    const feed = await listen(client, 'pruned', [
      { event: 'INSERT', schema: 'public', table: 'events' },
    ]);
    await t.ctx.db.query(`insert into events (kind) values ('pruned')`);
    await until(() => feed.changes.length === 1, 'the INSERT');
    const { rows } = await t.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from realtime.captured_changes',
    );
    expect(rows[0]?.n).toBe(0);
  });
});
