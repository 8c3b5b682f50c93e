import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  one,
  query,
  serviceClient,
} from '../db/support.ts';

// claim_background_jobs / finish_background_job serve every queue of
// private.background_queues with one statement on the queue's table. For
// each queue: a due job is claimed once (attempts + 1, its feedback or
// null), an error puts it back after a backoff and fails it after the last
// attempt, success marks it done (and sent where the table says when), a
// job whose worker died is claimed again after its lease; an unknown queue
// is refused. And the one rule of a single queue: a company-message e-mail
// retried while its thread has a newer pending one is merged into it.
let t: TestBackend;
/** Queues a due job of each queue, on a feedback of its own; returns its id. */
let insertJob: Record<string, () => Promise<string>>;
const feedbackOf = new Map<string, string>();

beforeAll(async () => {
  t = await startTestBackend();
  const company = await createCompany(t, { domain: 'queues.test' });
  const author = await createUser(t);
  const { id: webhookId } = await one<{ id: string }>(
    t,
    `insert into public.company_webhooks (company_id, url) values ($1, 'https://hooks.queues.test/in') returning id`,
    [company.companyId],
  );
  let n = 0;
  // Each job has its feedback (the queues allow one job per feedback), on a
  // site of no company, and nothing else queued for it.
  const job =
    (sql: string, params: (feedbackId: string) => unknown[]) => async () => {
      const { id: feedbackId } = await insertFeedback(t, author.id, {
        websiteUrl: `https://elsewhere.test/${++n}`,
      });
      await query(
        t,
        'delete from private.feedback_processing_jobs where feedback_id = $1',
        [feedbackId],
      );
      const { id } = await one<{ id: string }>(
        t,
        `${sql} returning id::text`,
        params(feedbackId),
      );
      feedbackOf.set(id, feedbackId);
      return id;
    };
  insertJob = {
    webhook_deliveries: job(
      `insert into public.company_webhook_deliveries (webhook_id, company_id, feedback_id) values ($1, $2, $3)`,
      (f) => [webhookId, company.companyId, f],
    ),
    feedback_processing: job(
      `insert into private.feedback_processing_jobs (feedback_id) values ($1)`,
      (f) => [f],
    ),
    company_message_emails: job(
      `insert into private.company_message_emails (feedback_id, company_id, first_message_at, last_message_at)
       values ($1, $2, now(), now())`,
      (f) => [f, company.companyId],
    ),
    topic_completion_emails: job(
      `with topic as (
         insert into public.feedback_topics (company_id, title) values ($2, 'Queues') returning id),
       notice as (
         insert into private.topic_completion_notices (topic_id, user_id, feedback_id, title)
         select id, $3, $1, 'Queues' from topic returning topic_id)
       insert into private.topic_completion_emails (topic_id, user_id, feedback_id)
       select topic_id, $3, $1 from notice`,
      (f) => [f, company.companyId, author.id],
    ),
    weekly_summary_emails: job(
      `insert into private.weekly_summary_emails (company_id, user_id, week)
       values ($1, $2, date '2026-01-05' + 7 * $3::int)`,
      () => [company.companyId, author.id, n],
    ),
    // #35: the trial's e-mails (one per company and kind) and the waiting
    // authors' "owner joined" e-mails (one per author and domain).
    trial_emails: job(
      `insert into private.trial_emails (company_id, kind)
       values ($1, (array['ends_in_3_days', 'ends_in_1_day', 'ended'])[1 + $2::int % 3])`,
      () => [company.companyId, n],
    ),
    owner_joined_emails: job(
      `insert into private.owner_joined_emails (user_id, domain) values ($1, 'joined-' || $2 || '.test')`,
      () => [author.id, n],
    ),
  };
  // Nothing else waits in the queues: the test's jobs are all there is.
  for (const queue of Object.keys(insertJob))
    await query(t, `delete from ${await tableOf(queue)}`);
}, 120_000);
afterAll(() => t?.stop());

async function tableOf(queue: string): Promise<string> {
  return (
    await one<{ t: string }>(
      t,
      'select job_table::text as t from private.background_queues where queue = $1',
      [queue],
    )
  ).t;
}

const rpc = async <T>(name: string, args: Record<string, unknown>) => {
  const { data, error } = await serviceClient(t).rpc(name, args);
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return data as T;
};
const claim = (queue: string, lease = 300) =>
  rpc<{ id: number; attempts: number; feedback_id: string | null }[]>(
    'claim_background_jobs',
    { p_queue: queue, p_limit: 10, p_lease_seconds: lease },
  );
const finish = (queue: string, id: string, error: string | null, max = 3) =>
  rpc<string | null>('finish_background_job', {
    p_queue: queue,
    p_id: Number(id),
    p_error: error,
    p_max_attempts: max,
    p_backoff_ms: 60_000,
  });
const state = async (queue: string, id: string) =>
  one<{ status: string; attempts: number; due: boolean; sent: boolean }>(
    t,
    `select status, attempts, run_after <= now() as due,
            ${queue.endsWith('_emails') ? 'sent_at is not null' : 'false'} as sent
       from ${await tableOf(queue)} where id = $1`,
    [id],
  );

describe('the background-job queues', () => {
  it('are the seven the job functions drain', async () => {
    const { rows } = await t.ctx.db.query<{ queue: string }>(
      'select queue from private.background_queues order by queue',
    );
    expect(rows.map((r) => r.queue)).toEqual(Object.keys(insertJob).sort());
  });

  for (const queue of [
    'webhook_deliveries',
    'feedback_processing',
    'company_message_emails',
    'topic_completion_emails',
    'weekly_summary_emails',
    'trial_emails',
    'owner_joined_emails',
  ]) {
    it(`${queue}: claimed once, retried after a backoff, failed after the last attempt, done when sent`, async () => {
      const failing = await insertJob[queue]!();
      const claimed = await claim(queue);
      expect(claimed).toEqual([
        {
          id: Number(failing),
          attempts: 1,
          // Queues of no feedback (private.background_queues.has_feedback).
          feedback_id: [
            'weekly_summary_emails',
            'trial_emails',
            'owner_joined_emails',
          ].includes(queue)
            ? null
            : feedbackOf.get(failing),
        },
      ]);
      // Claimed jobs are not handed out twice.
      expect(await claim(queue)).toEqual([]);
      expect(await finish(queue, failing, 'boom', 2)).toBe('pending');
      expect(await state(queue, failing)).toMatchObject({
        status: 'pending',
        attempts: 1,
        due: false,
      });
      expect(await claim(queue)).toEqual([]);
      await query(
        t,
        `update ${await tableOf(queue)} set run_after = now() where id = $1`,
        [failing],
      );
      expect((await claim(queue)).map((j) => j.attempts)).toEqual([2]);
      expect(await finish(queue, failing, 'boom again', 2)).toBe('failed');
      expect(await state(queue, failing)).toMatchObject({
        status: 'failed',
        attempts: 2,
      });

      const sent = await insertJob[queue]!();
      expect((await claim(queue)).map((j) => String(j.id))).toEqual([sent]);
      expect(await finish(queue, sent, null)).toBe('done');
      expect(await state(queue, sent)).toMatchObject({
        status: 'done',
        sent: queue.endsWith('_emails'),
      });

      // A worker that died: its job is claimed again once the lease is over.
      const orphan = await insertJob[queue]!();
      expect((await claim(queue)).map((j) => String(j.id))).toEqual([orphan]);
      expect(await claim(queue, 300)).toEqual([]);
      await query(
        t,
        `update ${await tableOf(queue)} set locked_at = now() - interval '10 minutes' where id = $1`,
        [orphan],
      );
      expect((await claim(queue, 300)).map((j) => j.attempts)).toEqual([2]);
      expect(await finish(queue, orphan, null)).toBe('done');
      // Gone meanwhile: nothing to record.
      await query(t, `delete from ${await tableOf(queue)} where id = $1`, [
        orphan,
      ]);
      expect(await finish(queue, orphan, null)).toBeNull();
    });
  }

  it('merges a retried company-message e-mail into the newer pending one of its thread', async () => {
    const q = 'company_message_emails';
    const old = await insertJob[q]!();
    await query(
      t,
      `update private.company_message_emails set first_message_at = now() - interval '1 hour' where id = $1`,
      [old],
    );
    expect((await claim(q)).map((j) => String(j.id))).toEqual([old]);
    // The thread's next company message queues a new pending e-mail.
    const { id: newer } = await one<{ id: string }>(
      t,
      `insert into private.company_message_emails (feedback_id, company_id, first_message_at, last_message_at)
       select feedback_id, company_id, now(), now() from private.company_message_emails where id = $1
       returning id::text`,
      [old],
    );
    expect(await finish(q, old, 'provider down')).toBe('merged');
    const { rows } = await t.ctx.db.query<{ id: string; early: boolean }>(
      `select id::text, first_message_at < now() - interval '30 minutes' as early
         from private.company_message_emails where id in ($1, $2)`,
      [old, newer],
    );
    expect(rows).toEqual([{ id: newer, early: true }]);
  });

  it('refuses a queue that is not registered', async () => {
    for (const [name, args] of [
      ['claim_background_jobs', { p_queue: 'public.feedback' }],
      ['finish_background_job', { p_queue: 'nope', p_id: 1 }],
    ] as const) {
      const { error } = await serviceClient(t).rpc(name, args);
      expect(error?.code).toBe('22023');
      expect(error?.message).toMatch(/^Unknown queue /);
    }
  });
});
