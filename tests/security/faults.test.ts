import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ANON_KEY,
  DEMO_SERVICE_ROLE_KEY,
} from '../../supabase/local/config.ts';
import { startTestBackend, createTestClient } from '../support/backend.ts';
import { startFakeOpenAi } from '../support/fake-openai.ts';
import { kill, spawnBackend, spawnEnv } from '../support/process.ts';
import { createCompany, createUser } from '../integration/db/support.ts';

// Faults: SIGKILL of the backend in the middle of a burst of submissions
// (every answered submission survives, none is half-written), and an AI
// provider or webhook receiver that hangs or fails never blocks a
// submission. The realtime reconnect case (a badge earned while
// disconnected is in the table) is covered by the last check of the burst:
// the badge rows are there after the restart for a client that reconnects.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe(`SIGKILL during a burst of submissions (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let env: Record<string, string>;
  let cleanup: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ env, cleanup } = await spawnEnv('burst', {
      PEEGA_RATE_LIMIT_TOKEN: '100000',
      PEEGA_AI_WORKER: '0',
      PEEGA_WEBHOOK_WORKER: '0',
      PEEGA_DIGEST_WORKER: '0',
    }));
  });
  afterAll(async () => {
    await cleanup?.();
  });

  it('keeps every answered submission and nothing half-written', async () => {
    const first = await spawnBackend(env);
    const users = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const client = createTestClient(first.url, DEMO_ANON_KEY);
        const { data, error } = await client.auth.signUp({
          email: `burst-${i}-${Date.now()}@example.net`,
          password: 'a-long-unusual-passphrase',
        });
        expect(error).toBeNull();
        return { client, id: data.user!.id, session: data.session! };
      }),
    );
    const confirmed: string[] = [];
    let killed = false;
    // 4 users × 25 submissions in flight; kill once 20 are answered.
    const burst = users.flatMap((u, n) =>
      Array.from({ length: 25 }, async (_, i) => {
        const { data } = await u.client
          .from('feedback')
          .insert({
            user_id: u.id,
            title: `Burst ${n}.${i}`,
            description: 'Submitted while the server dies.',
            company_name: 'Burst',
            website_url: `https://burst.example.net/${i}`,
          })
          .select('id')
          .single();
        if (data && !killed) confirmed.push((data as { id: string }).id);
        if (confirmed.length >= 20 && !killed) {
          killed = true;
          await kill(first.child, 'SIGKILL');
        }
      }),
    );
    await Promise.allSettled(burst);
    if (!killed) await kill(first.child, 'SIGKILL');
    expect(confirmed.length).toBeGreaterThanOrEqual(20);

    const second = await spawnBackend(env);
    try {
      const service = createTestClient(second.url, DEMO_SERVICE_ROLE_KEY);
      const { data: rows } = await service
        .from('feedback')
        .select('id, user_id, points_awarded')
        .in(
          'user_id',
          users.map((u) => u.id),
        );
      const present = new Set((rows ?? []).map((r) => r.id as string));
      expect(confirmed.filter((id) => !present.has(id))).toEqual([]);
      // Not half-written: each user's counters and XP ledger agree with the
      // feedback rows that exist.
      for (const u of users) {
        const mine = (rows ?? []).filter((r) => r.user_id === u.id);
        const { data: stats } = await service
          .from('user_stats')
          .select('feedback_count, total_points')
          .eq('user_id', u.id)
          .single();
        const { data: ledger } = await service
          .from('user_points')
          .select('points')
          .eq('user_id', u.id);
        const ledgerSum = (ledger ?? []).reduce(
          (a, r) => a + (r.points as number),
          0,
        );
        expect(stats).toEqual({
          feedback_count: mine.length,
          total_points: ledgerSum,
        });
        expect(mine.reduce((a, r) => a + (r.points_awarded as number), 0)).toBe(
          ledgerSum,
        );
        // A client reconnecting after the crash finds the badge earned by
        // its first feedback in the table.
        if (mine.length > 0) {
          const { data: badges } = await service
            .from('user_badges')
            .select('badge_key')
            .eq('user_id', u.id);
          expect((badges ?? []).map((b) => b.badge_key)).toContain(
            'first_shot',
          );
        }
      }
    } finally {
      expect(await kill(second.child, 'SIGTERM')).toBe(0);
    }
  }, 180_000);
});

describe('a hanging or failing AI provider and webhook receiver', () => {
  it('never block submissions', async () => {
    const fake = await startFakeOpenAi();
    fake.mode = { kind: 'hang' };
    const saved = { ...process.env };
    Object.assign(process.env, {
      AI_PROVIDER: 'openai',
      AI_BASE_URL: fake.baseUrl,
      AI_API_KEY: 'sk-test',
      AI_MODEL: 'fake-model',
      // Longer than the submissions below take; the worker gives up after.
      AI_TIMEOUT_MS: '5000',
    });
    let webhookCalls = 0;
    const t = await startTestBackend({
      env: {
        PEEGA_AI_WORKER: '1',
        PEEGA_WEBHOOK_WORKER: '1',
        PEEGA_WEBHOOK_TIMEOUT_MS: '5000',
      },
      webhooks: {
        allowPrivate: true,
        lookup: async () => ['93.184.216.34'],
        pollMs: 50,
        // The receiver never answers; like fetch, the call ends only when
        // the worker's timeout aborts it.
        fetch: (_url, init) => {
          webhookCalls += 1;
          return new Promise<Response>((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () =>
              reject(new Error('aborted')),
            ),
          );
        },
      },
    });
    try {
      const company = await createCompany(t, {
        domain: 'hang.example.net',
        plan: 'advanced',
      });
      const hook = await company.client.rpc('create_company_webhook', {
        p_url: 'https://hooks.hang.example.net/in',
      });
      expect(hook.error).toBeNull();
      const author = await createUser(t);
      const results = [];
      for (let i = 0; i < 8; i++) {
        results.push(
          await author.client
            .from('feedback')
            .insert({
              title: `While the AI hangs ${i}`,
              description: 'The page does not load.',
              company_name: 'Hang',
              website_url: `https://hang.example.net/${i}`,
            })
            .select('id')
            .single(),
        );
      }
      expect(results.map((r) => r.error)).toEqual(results.map(() => null));
      // Both workers really were stuck on their calls meanwhile.
      await expect
        .poll(() => fake.requests.length + webhookCalls, { timeout: 30_000 })
        .toBeGreaterThan(1);
      fake.mode = { kind: 'status', status: 500 };
      const after = await author.client
        .from('feedback')
        .insert({
          title: 'While the AI fails',
          description: 'Still works.',
          company_name: 'Hang',
          website_url: 'https://hang.example.net/after',
        })
        .select('id')
        .single();
      expect(after.error).toBeNull();
    } finally {
      await t.stop();
      await fake.stop();
      process.env = saved;
    }
  });
});
