import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../supabase/functions/process-feedback/handler.ts';
import type { Queryable } from '../../../supabase/local/db/types.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  one,
  serviceClient,
  type TestCompany,
  type TestUser,
} from './support.ts';

// Issue #23: the AI reads the company's REGISTERED name (never the one the
// consumer typed) through feedback_ai_input, on the embedded worker and the
// hosted webhook alike; digests wait for the AI result, at most 60 seconds.
let t: TestBackend;
let author: TestUser;
let acme: TestCompany;

beforeAll(async () => {
  t = await startTestBackend();
  author = await createUser(t);
  acme = await createCompany(t, { domain: 'acme-registered.com' });
  await t.ctx.db.query(
    `update public.companies set company_name = 'Acme Registered' where id = $1`,
    [acme.companyId],
  );
});
afterAll(() => t?.stop());

const feedback = () =>
  insertFeedback(t, author.id, {
    websiteUrl: 'https://shop.acme-registered.com/cart',
    companyName: 'acme lol typed by me',
    title: 'Checkout',
    description: 'The pay button does nothing on the cart page.',
  });

describe('feedback_ai_input', () => {
  it('gives the service role the registered name of the verifying company', async () => {
    const { id } = await feedback();
    const { data, error } = await serviceClient(t).rpc('feedback_ai_input', {
      p_feedback_id: id,
    });
    expect(error).toBeNull();
    expect(data).toEqual({
      title: 'Checkout',
      raw_description: 'The pay button does nothing on the cart page.',
      website_url: 'https://shop.acme-registered.com/cart',
      company_name: 'Acme Registered',
    });
  });

  it('is closed to signed-in users and visitors', async () => {
    const { id } = await feedback();
    for (const client of [author.client, t.client()]) {
      const { data, error } = await client.rpc('feedback_ai_input', {
        p_feedback_id: id,
      });
      expect(data).toBeNull();
      expect(error?.code).toBe('42501');
    }
  });

  it('signs the reply with the registered name in the queue mode', async () => {
    const { id } = await feedback();
    // The queue mode the schedulers call (pg_cron / the embedded scheduler).
    const res = await t.backend.invokeFunction('process-feedback', {
      queue: 'feedback_processing',
    });
    expect(res.status).toBe(200);
    const row = await one<{ suggested_response: string }>(
      t,
      'select suggested_response from public.feedback where id = $1',
      [id],
    );
    expect(row.suggested_response).toMatch(/— The Acme Registered team$/);
    expect(row.suggested_response).not.toMatch(/typed by me/);
  });

  it('signs the reply with the registered name through the hosted webhook', async () => {
    const { id } = await feedback();
    const res = await handler(
      new Request('http://functions/process-feedback', {
        method: 'POST',
        headers: { authorization: `Bearer ${t.serviceRoleKey}` },
        // A forged company name in the payload is ignored.
        body: JSON.stringify({
          type: 'INSERT',
          table: 'feedback',
          record: { id, company_name: 'Forged Inc', raw_description: 'x' },
        }),
      }),
      { SUPABASE_URL: t.url, SUPABASE_SERVICE_ROLE_KEY: t.serviceRoleKey },
    );
    expect(res.status).toBe(200);
    const row = await one<{ suggested_response: string; category: string }>(
      t,
      'select suggested_response, category from public.feedback where id = $1',
      [id],
    );
    expect(row.suggested_response).toMatch(/— The Acme Registered team$/);
  });
});

describe('digests wait for the AI step', () => {
  it('list a new feedback once analysed, or after 60 seconds without', async () => {
    // One transaction, rolled back: no worker sees the feedback.
    const rollback = new Error('rollback');
    const listed: number[] = [];
    const take = async (tx: Queryable, at: string) =>
      (
        await tx.query<{ n: number }>(
          `select coalesce(sum(feedback_count), 0)::int as n
             from public.take_company_digests(now() + $1::interval)
            where company_id = $2`,
          [at, acme.companyId],
        )
      ).rows[0]!.n;
    await t.ctx.db
      .transaction(async (tx) => {
        await tx.query('delete from private.company_notification_jobs');
        const insert = async () =>
          (
            await tx.query<{ id: string }>(
              `insert into public.feedback (user_id, title, description, category, company_name, website_url)
               values ($1, 'Digest', 'Waits for the AI labels.', 'other', 'x', 'https://acme-registered.com/d')
               returning id`,
              [author.id],
            )
          ).rows[0]!.id;
        const first = await insert();
        listed.push(await take(tx, '0 seconds')); // not analysed yet: waits
        await tx.query(
          'update public.feedback set ai_processed_at = now() where id = $1',
          [first],
        );
        listed.push(await take(tx, '0 seconds')); // analysed: goes out
        await tx.query('delete from private.company_digests');
        await insert();
        listed.push(await take(tx, '30 seconds')); // still within the wait
        listed.push(await take(tx, '61 seconds')); // wait over: goes out anyway
        throw rollback;
      })
      .catch((e: unknown) => {
        if (e !== rollback) throw e;
      });
    expect(listed).toEqual([0, 1, 0, 1]);
  });
});
