import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import {
  createCompany,
  createUser,
  done,
  ledgerOf,
  ok,
  one,
  statsOf,
  type TestCompany,
  type TestUser,
} from '../integration/db/support.ts';

// M5: a company's own account earns no XP, rating or reputation from
// feedback about the company's own domains (DECISIONS.md "Self-dealing").
// The attack, step by step through supabase-js: the company submits
// feedback about its own site, marks it completed, rates it 5 and gets it
// upvoted. An ordinary consumer doing the same is the control.
let t: TestBackend;
let company: TestCompany;
let consumer: TestUser;
let voter: TestUser;
beforeAll(async () => {
  t = await startTestBackend();
  company = await createCompany(t, { domain: 'selfdeal.example' });
  consumer = await createUser(t);
  voter = await createUser(t);
});
afterAll(() => t?.stop());

async function submit(author: TestUser, url: string) {
  return ok(
    await author.client
      .from('feedback')
      .insert({
        title: 'Checkout button hidden',
        description: 'The checkout button is hidden behind the cookie banner.',
        category: 'bug',
        company_name: 'Self Deal',
        website_url: url,
      })
      .select('id, points_awarded, self_dealing')
      .single(),
  ) as { id: string; points_awarded: number; self_dealing: boolean };
}

async function complete(feedbackId: string) {
  ok(
    await company.client.rpc('update_feedback_status', {
      feedback_uuid: feedbackId,
      new_status: 'read',
    }),
  );
  ok(
    await company.client.rpc('update_feedback_status', {
      feedback_uuid: feedbackId,
      new_status: 'completed',
    }),
  );
}

describe('self-dealing (M5)', () => {
  it('feedback about its own domain is kept but earns the company account nothing', async () => {
    const before = await statsOf(t, company.id);
    const own = await submit(company, 'https://shop.selfdeal.example/cart');
    expect(own).toMatchObject({ points_awarded: 0, self_dealing: true });

    await complete(own.id);
    const rating = await company.client.rpc('rate_feedback', {
      feedback_uuid: own.id,
      rating: 5,
    });
    expect(rating.error?.message).toBe('You cannot rate your own feedback.');
    done(
      await voter.client
        .from('feedback_votes')
        .insert({ feedback_id: own.id, vote_type: 'upvote' }),
    );

    const after = await statsOf(t, company.id);
    expect(after).toMatchObject({
      total_points: before.total_points,
      feedback_count: before.feedback_count,
      reputation: before.reputation,
      upvotes_received: before.upvotes_received,
      longest_streak: before.longest_streak,
    });
    expect(await ledgerOf(t, company.id)).toEqual([]);
    const row = await one<{ quality_score: number; quality_source: string }>(
      t,
      'select quality_score, quality_source from public.feedback where id = $1',
      [own.id],
    );
    expect(row).toEqual({ quality_score: 3, quality_source: 'default' });
  });

  it('the same company account still earns from feedback about other sites', async () => {
    const other = await submit(company, 'https://elsewhere.example/page');
    expect(other).toMatchObject({ points_awarded: 15, self_dealing: false });
  });

  it('a consumer earns XP, completion and a rating on the same domain (control)', async () => {
    const fb = await submit(consumer, 'https://selfdeal.example/checkout');
    expect(fb).toMatchObject({ points_awarded: 15, self_dealing: false });
    await complete(fb.id);
    ok(
      await company.client.rpc('rate_feedback', {
        feedback_uuid: fb.id,
        rating: 5,
      }),
    );
    expect(await ledgerOf(t, consumer.id)).toEqual([
      ['feedback_submitted', 5],
      ['first_feedback', 10],
      ['feedback_completed', 10],
    ]);
  });

  it('claiming the domain after writing the feedback does not pay completion either', async () => {
    const late = await createUser(t);
    const fb = await submit(late, 'https://late.example/page');
    // The company form, one call (#20: clients insert no companies).
    ok(
      await late.client.rpc('register_company', {
        p_company_name: 'Late Co',
        p_domains: ['late.example'],
        p_accept_terms: true,
      }),
    );
    await t.ctx.db.query(
      `update public.company_domains d set verified_at = now(), verification_method = 'dns'
        where d.company_id = (select id from public.companies where user_id = $1)`,
      [late.id],
    );
    const before = await ledgerOf(t, late.id);
    for (const status of ['read', 'completed']) {
      ok(
        await late.client.rpc('update_feedback_status', {
          feedback_uuid: fb.id,
          new_status: status,
        }),
      );
    }
    const rating = await late.client.rpc('rate_feedback', {
      feedback_uuid: fb.id,
      rating: 5,
    });
    expect(rating.error?.message).toBe('You cannot rate your own feedback.');
    expect(await ledgerOf(t, late.id)).toEqual(before);
  });
});
