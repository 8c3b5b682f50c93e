import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import {
  badgesOf,
  createCompany,
  createUser,
  insertFeedback,
  query,
  statsOf,
  type TestUser,
} from '../integration/db/support.ts';

// Every way a client could try to gain XP, badges, levels, views or rewards
// it has not earned. Each test records the cheater's standing before and
// after and requires it unchanged (or changed by the honest amount only).
// Already proven elsewhere and not repeated: 50 parallel votes, views,
// profile saves and referrals (tests/integration/db/concurrency.test.ts),
// self-votes and duplicate votes (db/votes.test.ts), self and mutual
// referrals and the daily XP cap (db/points.test.ts).
let t: TestBackend;
let cheater: TestUser;
beforeAll(async () => {
  t = await startTestBackend();
  cheater = await createUser(t, { email: 'cheater@example.net' });
});
afterAll(() => t?.stop());

async function standing(u: TestUser) {
  const s = await statsOf(t, u.id);
  return {
    points: s.total_points,
    level: s.current_level,
    feedback: s.feedback_count,
    badges: await badgesOf(t, u.id),
    claims: (
      await query(t, 'select 1 from public.reward_claims where user_id = $1', [
        u.id,
      ])
    ).length,
  };
}

const c = () => cheater.client;

/** How a request ended: its error's code and message, or the rows it returned. */
function outcome(r: {
  error: { code?: string; message: string } | null;
  data: unknown;
}): [string, string] | number {
  return r.error
    ? [r.error.code ?? '', r.error.message]
    : Array.isArray(r.data)
      ? r.data.length
      : -1;
}

describe('cheating', () => {
  it('direct writes to XP, stats, badges, claims and levels are refused', async () => {
    const before = await standing(cheater);
    const attempts = [
      await c()
        .from('user_stats')
        .update({ total_points: 100000, current_level: 5 })
        .eq('user_id', cheater.id)
        .select(),
      await c()
        .from('user_points')
        .insert({ user_id: cheater.id, action_type: 'feedback', points: 999 }),
      await c().from('user_badges').insert({
        user_id: cheater.id,
        badge_key: 'peega_legend',
        badge_name: 'Peega Legend',
        badge_emoji: '👑',
      }),
      await c()
        .from('reward_claims')
        .insert({ user_id: cheater.id, reward_id: cheater.id, code: 'FREE' }),
      await c()
        .from('profiles')
        .update({ verified_linkedin: true })
        .eq('id', cheater.id)
        .select(),
    ];
    // Each refused by the grants, not by a typo or a rule on the way.
    expect(attempts.map(outcome)).toEqual(
      [
        'user_stats',
        'user_points',
        'user_badges',
        'reward_claims',
        'profiles',
      ].map((table) => ['42501', `permission denied for table ${table}`]),
    );
    expect(await standing(cheater)).toEqual(before);
  });

  it('server-only functions cannot be called', async () => {
    const before = await standing(cheater);
    const { id } = await insertFeedback(t, cheater.id);
    const after = await standing(cheater);
    const calls = [
      await c().rpc('award_points', {
        p_user_id: cheater.id,
        p_action_type: 'linkedin_verified',
        p_points: 30,
      } as never),
      await c().rpc('mark_linkedin_verified', {
        p_user_id: cheater.id,
      } as never),
      await c().rpc('apply_feedback_analysis', {
        p_feedback_id: id,
        p_analysis: {},
      }),
    ];
    expect(calls.map(outcome)).toEqual(
      ['award_points', 'mark_linkedin_verified', 'apply_feedback_analysis'].map(
        (fn) => ['42501', `permission denied for function ${fn}`],
      ),
    );
    expect(await standing(cheater)).toEqual(after);
    expect(after.points).toBeGreaterThan(before.points);
  });

  it('forged fields on a feedback insert earn nothing extra', async () => {
    const honest = await createUser(t);
    const forger = await createUser(t);
    const row = {
      title: 'Same feedback',
      description: 'Same words.',
      company_name: 'Example',
      website_url: 'https://example.net/forged',
    };
    const a = await honest.client
      .from('feedback')
      .insert(row)
      .select()
      .single();
    const b = await forger.client
      .from('feedback')
      .insert({
        ...row,
        points_awarded: 1000,
        view_count: 1000,
        status: 'completed',
        company_rating: 5,
      } as never)
      .select()
      .single();
    expect(a.error).toBeNull();
    // Refused outright, or accepted with the honest values.
    if (b.error === null) {
      expect(b.data.points_awarded).toBe(a.data.points_awarded);
      expect(b.data.view_count).toBe(0);
      expect(b.data.status).toBe('pending');
    }
    expect((await standing(forger)).points).toBeLessThanOrEqual(
      (await standing(honest)).points,
    );
  });

  it('a feedback cannot be edited afterwards to farm XP or views', async () => {
    const { id } = await insertFeedback(t, cheater.id);
    const before = await standing(cheater);
    const r = await c()
      .from('feedback')
      .update({ points_awarded: 500, view_count: 500 } as never)
      .eq('id', id)
      .select();
    expect(r.error !== null || (r.data ?? []).length === 0).toBe(true);
    expect(await standing(cheater)).toEqual(before);
  });

  it('empty or whitespace feedback is refused and earns nothing', async () => {
    const before = await standing(cheater);
    for (const [title, description] of [
      ['', ''],
      ['   ', '   '],
      ['x', ''],
    ]) {
      const r = await c().from('feedback').insert({
        title,
        description,
        company_name: 'Example',
        website_url: 'https://example.net/empty',
      });
      expect(outcome(r)).toEqual([
        '23514',
        'Please fill in title, description, and company name.',
      ]);
    }
    expect(await standing(cheater)).toEqual(before);
  });

  it('a replayed reward claim (50 in parallel) issues one code', async () => {
    const player = await createUser(t);
    const [reward] = await query<{ id: string }>(
      t,
      `insert into public.rewards (title, description, category, type, access_level)
       values ('Replay', 'Once', 'discount', 'coupon', 0) returning id`,
    );
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        player.client.rpc('claim_reward', { p_reward_id: reward!.id }),
      ),
    );
    const codes = new Set(
      results
        .filter((r) => r.error === null)
        .map((r) => JSON.stringify(r.data)),
    );
    expect(codes.size).toBeLessThanOrEqual(1);
    expect(
      await query(t, 'select 1 from public.reward_claims where user_id = $1', [
        player.id,
      ]),
    ).toHaveLength(1);
  });

  it('a consumer cannot record company views or change a status', async () => {
    await createCompany(t, { domain: 'views.example.net' });
    const { id } = await insertFeedback(t, cheater.id, {
      websiteUrl: 'https://views.example.net/',
    });
    const before = await standing(cheater);
    const view = await c().rpc('record_feedback_view', { feedback_uuid: id });
    const status = await c().rpc('update_feedback_status', {
      feedback_uuid: id,
      new_status: 'completed',
    });
    // The functions' own check (the call is well-formed: a misspelled
    // argument would be PGRST202, which used to pass here).
    expect([outcome(view), outcome(status)]).toEqual([
      ['42501', 'Only company accounts can do this.'],
      ['42501', 'Only company accounts can do this.'],
    ]);
    expect(
      await query(
        t,
        'select view_count, status from public.feedback where id = $1',
        [id],
      ),
    ).toEqual([{ view_count: 0, status: 'pending' }]);
    expect(await standing(cheater)).toEqual(before);
  });
});
