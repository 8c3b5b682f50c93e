import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createQueueWorker } from '../../../supabase/local/jobs/queue-worker.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';

interface Job {
  id: number;
  attempts: number;
  payload: string;
}

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend({ migrationsDir: 'tests/fixtures/none' });
  await t.ctx.db.exec(`
    create table public.jobs (
      id bigserial primary key,
      payload text not null,
      status text not null default 'pending',
      attempts int not null default 0,
      run_after timestamptz not null default now(),
      locked_at timestamptz,
      last_error text
    );`);
});
afterAll(() => t?.stop());
beforeEach(() => t.ctx.db.exec('truncate public.jobs restart identity'));

const rows = async () =>
  (
    await t.ctx.db.query(
      'select id, payload, status, attempts, last_error from public.jobs order by id',
    )
  ).rows;

describe('queue worker', () => {
  it('handles each due job once and marks it done', async () => {
    await t.ctx.db.exec(
      `insert into public.jobs (payload) values ('a'), ('b'), ('c')`,
    );
    const seen: string[] = [];
    const worker = createQueueWorker<Job>(t.ctx.db, {
      table: 'public.jobs',
      pollMs: 60_000,
      handle: async (job) => {
        seen.push(job.payload);
      },
    });
    expect(await worker.drain()).toBe(3);
    expect(await worker.drain()).toBe(0);
    await worker.stop();
    expect(seen).toEqual(['a', 'b', 'c']);
    expect((await rows()).map((r) => r.status)).toEqual([
      'done',
      'done',
      'done',
    ]);
  });

  it('retries a failing job with backoff, then records the failure', async () => {
    await t.ctx.db.exec(`insert into public.jobs (payload) values ('flaky')`);
    let calls = 0;
    const worker = createQueueWorker<Job>(t.ctx.db, {
      table: 'public.jobs',
      pollMs: 60_000,
      maxAttempts: 3,
      backoffMs: () => 0,
      onError: () => undefined,
      handle: async () => {
        calls++;
        throw new Error(`failure ${calls}`);
      },
    });
    await worker.drain();
    await worker.stop();
    expect(calls).toBe(3);
    expect(await rows()).toEqual([
      {
        id: 1,
        payload: 'flaky',
        status: 'failed',
        attempts: 3,
        last_error: 'failure 3',
      },
    ]);
  });

  it('waits for the backoff before retrying', async () => {
    await t.ctx.db.exec(`insert into public.jobs (payload) values ('later')`);
    const worker = createQueueWorker<Job>(t.ctx.db, {
      table: 'public.jobs',
      pollMs: 60_000,
      backoffMs: () => 60_000,
      onError: () => undefined,
      handle: async () => {
        throw new Error('not yet');
      },
    });
    expect(await worker.drain()).toBe(1);
    expect(await worker.drain()).toBe(0);
    await worker.stop();
    expect(await rows()).toMatchObject([
      { status: 'pending', attempts: 1, last_error: 'not yet' },
    ]);
  });

  it('claims again a job abandoned by a crashed worker after its lease', async () => {
    await t.ctx.db.exec(
      `insert into public.jobs (payload, status, attempts, locked_at) values ('orphan', 'running', 1, now() - interval '10 minutes')`,
    );
    const seen: string[] = [];
    const worker = createQueueWorker<Job>(t.ctx.db, {
      table: 'public.jobs',
      pollMs: 60_000,
      leaseMs: 60_000,
      handle: async (job) => {
        seen.push(job.payload);
      },
    });
    await worker.drain();
    await worker.stop();
    expect(seen).toEqual(['orphan']);
    expect(await rows()).toMatchObject([{ status: 'done', attempts: 2 }]);
  });

  it('never gives one job to two workers', async () => {
    await t.ctx.db.exec(
      `insert into public.jobs (payload) select 'j' || g from generate_series(1, 20) g`,
    );
    const seen: number[] = [];
    const make = () =>
      createQueueWorker<Job>(t.ctx.db, {
        table: 'public.jobs',
        pollMs: 60_000,
        batchSize: 3,
        handle: async (job) => {
          seen.push(job.id);
          await new Promise((r) => setTimeout(r, 1));
        },
      });
    const [a, b] = [make(), make()];
    const [na, nb] = await Promise.all([a.drain(), b.drain()]);
    await Promise.all([a.stop(), b.stop()]);
    expect(na + nb).toBe(20);
    expect(new Set(seen).size).toBe(20);
  });
});
