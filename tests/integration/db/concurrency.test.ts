import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  ledgerOf,
  one,
  query,
  statsOf,
  realFeedback,
} from './support.ts';

// Parallel requests through the REST API (on PostgreSQL they run on several
// connections at once) never break the rules' "exactly" and "once".
let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(() => t?.stop());

const PARALLEL = 50;
const times = <T>(n: number, fn: (i: number) => PromiseLike<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => fn(i)));

describe('under 50 parallel requests', () => {
  it('a free company records exactly 5 distinct views', async () => {
    const company = await createCompany(t, { domain: 'race.test' });
    const author = await createUser(t);
    const ids: string[] = [];
    for (let i = 0; i < PARALLEL; i++) {
      ids.push(
        (
          await insertFeedback(t, author.id, {
            websiteUrl: `https://race.test/${i}`,
          })
        ).id,
      );
    }
    const results = await times(PARALLEL, (i) =>
      company.client.rpc('record_feedback_view', { feedback_uuid: ids[i] }),
    );
    expect(results.filter((r) => r.error !== null).map((r) => r.error)).toEqual(
      [],
    );
    expect(results.filter((r) => r.data === true)).toHaveLength(5);
    const views = await query(
      t,
      'select feedback_id from public.company_feedback_views where company_id = $1',
      [company.companyId],
    );
    expect(views).toHaveLength(5);
  });

  it('the same view opened 50 times counts once', async () => {
    const company = await createCompany(t, { domain: 'race-same.test' });
    const author = await createUser(t);
    const { id } = await insertFeedback(t, author.id, {
      websiteUrl: 'https://race-same.test/',
    });
    const results = await times(PARALLEL, () =>
      company.client.rpc('record_feedback_view', { feedback_uuid: id }),
    );
    expect(results.every((r) => r.data === true)).toBe(true);
    expect(
      await one(t, 'select view_count from public.feedback where id = $1', [
        id,
      ]),
    ).toEqual({ view_count: 1 });
  });

  it('identical votes are recorded once', async () => {
    const author = await createUser(t);
    const voter = await createUser(t);
    const { id } = await insertFeedback(t, author.id);
    const results = await times(PARALLEL, () =>
      voter.client
        .from('feedback_votes')
        .insert({ feedback_id: id, vote_type: 'upvote' }),
    );
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    expect(
      results.filter((r) => r.error !== null).map((r) => r.error?.code),
    ).toEqual(Array<string>(PARALLEL - 1).fill('23505'));
    expect(
      await one(
        t,
        'select upvotes, total_votes from public.feedback where id = $1',
        [id],
      ),
    ).toEqual({ upvotes: 1, total_votes: 1 });
    expect((await statsOf(t, voter.id)).votes_cast).toBe(1);
    expect((await statsOf(t, author.id)).upvotes_received).toBe(1);
  });

  it('profile saves award +30 once', async () => {
    const user = await createUser(t);
    const results = await times(PARALLEL, () =>
      user.client.from('profiles').upsert({
        id: user.id,
        age_range: '40-44',
        city: 'Oslo, Norway',
        languages: ['Norwegian'],
        devices: ['tablet'],
        gender: 'male',
        job_title: 'Data Analyst',
        seniority: 'Lead',
        tech_knowledge: 6,
        topics: ['Finance'],
        hobbies: ['Hiking'],
      }),
    );
    expect(results.filter((r) => r.error !== null).map((r) => r.error)).toEqual(
      [],
    );
    expect(await ledgerOf(t, user.id)).toEqual([['profile_completed', 30]]);
    expect((await statsOf(t, user.id)).total_points).toBe(30);
  });

  it('one user’s feedback earns XP for exactly 20 of them in a day', async () => {
    const user = await createUser(t);
    const results = await times(30, (i) =>
      user.client
        .from('feedback')
        .insert({
          title: `Parallel ${i}`,
          description: 'Sent at the same time.',
          company_name: 'Example',
        })
        .select('points_awarded')
        .single(),
    );
    expect(results.filter((r) => r.error !== null).map((r) => r.error)).toEqual(
      [],
    );
    const earning = results.filter((r) => (r.data?.points_awarded ?? 0) > 0);
    expect(earning).toHaveLength(20);
    const stats = await statsOf(t, user.id);
    expect(stats.total_points).toBe(15 + 19 * 5);
    expect(stats.feedback_count).toBe(30);
  });

  // Since M6 a referral is paid when the invitee qualifies; one that waited
  // for the inviter's daily cap is then paid by whichever call comes first:
  // the invitee processing it again or the inviter opening the list.
  it('a referral is processed and paid once', async () => {
    const inviter = await createUser(t);
    const invitee = await createUser(t);
    const { referral_code: code } = await one<{ referral_code: string }>(
      t,
      'select referral_code from public.profiles where id = $1',
      [inviter.id],
    );
    const claims = await times(PARALLEL, () =>
      invitee.client.rpc('process_referral_signup', { p_referral_code: code }),
    );
    expect(claims.every((r) => r.error === null)).toBe(true);
    // The inviter's daily cap is used up by five others (no XP rows).
    for (let i = 0; i < 5; i += 1) {
      const other = await createUser(t);
      await t.ctx.db.query(
        `insert into public.referrals (inviter_id, invitee_id, referral_code, status, completed_at)
         values ($1, $2, $3, 'completed', now())`,
        [inviter.id, other.id, code],
      );
    }
    await realFeedback(t, invitee.id);
    expect(await ledgerOf(t, inviter.id)).toEqual([]);
    await t.ctx.db.query(
      `update public.referrals set completed_at = now() - interval '1 day'
        where inviter_id = $1 and status = 'completed'`,
      [inviter.id],
    );
    const results = await times(PARALLEL, (i) =>
      i % 2 === 0
        ? invitee.client.rpc('process_referral_signup', {
            p_referral_code: code,
          })
        : inviter.client.rpc('get_my_referrals'),
    );
    expect(results.filter((r) => r.error !== null).map((r) => r.error)).toEqual(
      [],
    );
    expect(await ledgerOf(t, invitee.id)).toEqual([
      ['feedback_submitted', 5],
      ['first_feedback', 10],
      ['referral_bonus', 30],
    ]);
    expect(await ledgerOf(t, inviter.id)).toEqual([['referral_completed', 30]]);
  });
});
