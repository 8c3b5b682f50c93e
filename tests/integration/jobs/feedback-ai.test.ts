import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import { createUser, query, type TestUser } from '../db/support.ts';

// "Every submission is processed": the insert trigger queues a job, the
// embedded backend's scheduler calls the process-feedback function's queue
// mode (as pg_cron and pg_net do on hosted Supabase), which stores the result
// with apply_feedback_analysis, and the author sees it arrive over realtime.
let t: TestBackend;
let author: TestUser;
beforeAll(async () => {
  t = await startTestBackend({ env: { PEEGA_AI_WORKER: '1' } });
  author = await createUser(t);
});
afterAll(() => t?.stop());

async function waitFor<T>(read: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = await read();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out waiting');
}

const jobOf = async (feedbackId: string) =>
  (
    await query(
      t,
      'select status, attempts, last_error from private.feedback_processing_jobs where feedback_id = $1',
      [feedbackId],
    )
  )[0];

describe('AI processing queue', () => {
  it('processes a submission and pushes the result to the author live', async () => {
    // Realtime authorises with the token given to setAuth, not the REST header.
    await author.client.realtime.setAuth(
      await t.ctx.jwt.sign(
        {
          sub: author.id,
          role: 'authenticated',
          aud: 'authenticated',
          email: author.email,
        },
        3600,
      ),
    );
    const channel = author.client.channel(`feedback:${author.id}`);
    const updates: Record<string, unknown>[] = [];
    await new Promise<void>((resolve, reject) => {
      channel
        .on(
          'postgres_changes',
          { event: 'UPDATE', schema: 'public', table: 'feedback' },
          (p) => updates.push(p.new),
        )
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') resolve();
          if (status === 'CHANNEL_ERROR') reject(new Error(status));
        });
    });
    const raw =
      'The app crashes every time I open the payment page on Android 14.  I lost my cart twice.';
    const { data, error } = await author.client
      .from('feedback')
      .insert({
        title: 'Crash on payment',
        description: raw,
        company_name: 'Acme',
        website_url: 'https://acme.test',
        category: 'bug',
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    const id = (data as { id: string }).id;

    const pushed = await waitFor(async () =>
      updates.find((u) => u.id === id && u.ai_processed_at),
    );
    await author.client.removeChannel(channel);
    expect(pushed).toMatchObject({
      priority: 'high',
      sentiment: 'negative',
      actionable: true,
      is_spam: false,
      raw_description: raw,
      // The author's title and category stay theirs.
      title: 'Crash on payment',
      category: 'bug',
      quality_source: 'ai',
    });
    // The clean description: one sentence per line, the page named (#23).
    expect(pushed.description).toBe(
      'The app crashes every time I open the payment page on Android 14.\nI lost my cart twice.\nWhere: payment page.',
    );
    expect(pushed.tags).toEqual(
      expect.arrayContaining(['payments', 'stability']),
    );
    // acme.test is no registered company: no signature, and never the name
    // the consumer typed (#23).
    expect(pushed.suggested_response).not.toContain('Acme');
    // The job is marked done by its own call, just after the result is stored.
    expect(
      await waitFor(async () => {
        const job = await jobOf(id);
        return job?.status === 'running' ? undefined : job;
      }),
    ).toEqual({ status: 'done', attempts: 1, last_error: null });
  });

  // DECISIONS "Daily XP cap (anti-farming)": spam of every kind earns no XP (#23).
  it.each([
    ['keyboard mashing', 'asdf qwer zxcv asdf'],
    ['gibberish', 'xkcdq vbnrt plokm zzyqw trvbn'],
    ['lorem ipsum', 'Lorem ipsum dolor sit amet, consectetur adipiscing elit.'],
    [
      'copy-pasted repeats',
      'Nice app. Nice app. Nice app. Nice app. Nice app.',
    ],
    [
      'text unrelated to the site',
      'Preheat the oven to two hundred degrees. Mix the flour, sugar and butter in a large bowl until smooth, then add three eggs one at a time and bake for forty minutes.',
    ],
  ])('flags %s as spam and takes its XP back', async (_, description) => {
    const spammer = await createUser(t);
    const { data } = await spammer.client
      .from('feedback')
      .insert({ title: 'xp', description, company_name: 'Acme' })
      .select('id, points_awarded')
      .single();
    const row = data as { id: string; points_awarded: number };
    expect(row.points_awarded).toBeGreaterThan(0);
    const processed = await waitFor(async () => {
      const [f] = await query(
        t,
        'select is_spam, quality_score, ai_processed_at from public.feedback where id = $1',
        [row.id],
      );
      return f?.ai_processed_at ? f : undefined;
    });
    expect(processed).toMatchObject({ is_spam: true, quality_score: 1 });
    const ledger = await query(
      t,
      `select action_type, points from public.user_points where feedback_id = $1 order by points`,
      [row.id],
    );
    expect(ledger).toContainEqual({
      action_type: 'spam_reversal',
      points: -row.points_awarded,
    });
    const [stats] = await query(
      t,
      'select total_points from public.user_stats where user_id = $1',
      [spammer.id],
    );
    expect(stats).toEqual({ total_points: 0 });
  });

  it('retries a failing job a bounded number of times and records the failure', async () => {
    // A backend without its scheduler, so that only the calls below, with
    // these bounds, run the queue.
    const quiet = await startTestBackend({
      functionEnv: { AI_MAX_ATTEMPTS: '2', JOB_BACKOFF_MS: '0' },
    });
    const user = await createUser(quiet);
    await quiet.ctx.db.exec(
      'alter function public.apply_feedback_analysis(uuid, jsonb) rename to apply_feedback_analysis_off',
    );
    let id = '';
    try {
      const { data } = await user.client
        .from('feedback')
        .insert({
          title: 'Slow',
          description: 'Search is slow.',
          company_name: 'Acme',
        })
        .select('id')
        .single();
      id = (data as { id: string }).id;
      const job = await waitFor(async () => {
        const res = await quiet.backend.invokeFunction('process-feedback', {
          queue: 'feedback_processing',
        });
        expect(res.status).toBe(200);
        await res.body?.cancel();
        const [j] = await query(
          quiet,
          'select status, attempts, last_error from private.feedback_processing_jobs where feedback_id = $1',
          [id],
        );
        return j?.status === 'failed' ? j : undefined;
      });
      expect(job.attempts).toBe(2);
      expect(job.status).toBe('failed');
      expect(job.last_error).toMatch(/apply_feedback_analysis/);
      const [f] = await query(
        quiet,
        'select ai_processed_at from public.feedback where id = $1',
        [id],
      );
      expect(f).toEqual({ ai_processed_at: null });
    } finally {
      await quiet.stop();
    }
  });
});
