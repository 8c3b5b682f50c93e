import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGES, BADGE_KEYS } from '../../../shared/domain/badges.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  badgesOf,
  createUser,
  done,
  insertFeedback,
  ok,
  query,
  serviceClient,
  statsOf,
  uploadMedia,
  utcDay,
} from './support.ts';

// Each badge is awarded by the database exactly once, when its condition
// becomes true (DECISIONS.md "Badges"); streaks count UTC calendar days.
let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(() => t?.stop());

const countOf = async (userId: string, key: string) =>
  (
    await query<{ n: number }>(
      t,
      'select count(*)::int as n from public.user_badges where user_id = $1 and badge_key = $2',
      [userId, key],
    )
  )[0]?.n;

describe('badge definitions', () => {
  it('match shared/domain/badges.ts', async () => {
    const rows = await query<{
      key: string;
      name: string;
      emoji: string;
      metric: string;
      threshold: number;
    }>(
      t,
      'select key, name, emoji, metric, threshold from public.badges order by sort_order',
    );
    expect(rows).toEqual(
      BADGES.map(({ key, name, emoji, metric, threshold }) => ({
        key,
        name,
        emoji,
        metric,
        threshold,
      })),
    );
  });
});

describe('feedback badges', () => {
  it('awards first_shot on the first feedback and chatterbox at 10, each once', async () => {
    const user = await createUser(t);
    await insertFeedback(t, user.id);
    expect(await badgesOf(t, user.id)).toEqual(['first_shot']);
    for (let i = 0; i < 11; i++) await insertFeedback(t, user.id);
    expect(await badgesOf(t, user.id)).toEqual(['chatterbox', 'first_shot']);
    expect(await countOf(user.id, 'first_shot')).toBe(1);
    expect(await countOf(user.id, 'chatterbox')).toBe(1);
  });

  it('awards bug_hunter at 5 bugs and feature_requester at 5 features', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 4; i++) {
      await insertFeedback(t, user.id, { category: 'bug' });
      await insertFeedback(t, user.id, { category: 'feature' });
    }
    expect(await badgesOf(t, user.id)).toEqual(['first_shot']);
    for (let i = 0; i < 3; i++) {
      await insertFeedback(t, user.id, { category: 'bug' });
      await insertFeedback(t, user.id, { category: 'feature' });
    }
    expect(await badgesOf(t, user.id)).toEqual([
      'bug_hunter',
      'chatterbox',
      'feature_requester',
      'first_shot',
    ]);
  });

  it('awards snapshot_pro at 10 screenshots sent through the API', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 10; i++) {
      done(
        await user.client.from('feedback').insert({
          title: `Shot ${i}`,
          description: 'See the screenshot.',
          company_name: 'Example',
          screenshot_url: await uploadMedia(user, 'screenshots'),
        }),
      );
    }
    expect(await badgesOf(t, user.id)).toContain('snapshot_pro');
    expect(await countOf(user.id, 'snapshot_pro')).toBe(1);
  });
});

describe('streak badges (UTC days)', () => {
  it('counts consecutive UTC days across midnight, not 24-hour spans', async () => {
    const user = await createUser(t);
    await insertFeedback(t, user.id, { createdAt: utcDay(-20, '23:59:59') });
    await insertFeedback(t, user.id, { createdAt: utcDay(-19, '00:00:00') });
    expect((await statsOf(t, user.id)).current_streak).toBe(2);
    expect(await badgesOf(t, user.id)).toEqual(['first_shot']);
    await insertFeedback(t, user.id, { createdAt: utcDay(-18, '00:00:01') });
    expect(await badgesOf(t, user.id)).toEqual([
      'feedback_streak_3',
      'first_shot',
    ]);
  });

  it('several feedback on one day count once; a gap restarts the streak', async () => {
    const user = await createUser(t);
    await insertFeedback(t, user.id, { createdAt: utcDay(-30, '08:00:00') });
    await insertFeedback(t, user.id, { createdAt: utcDay(-30, '22:00:00') });
    await insertFeedback(t, user.id, { createdAt: utcDay(-29, '09:00:00') });
    await insertFeedback(t, user.id, { createdAt: utcDay(-27, '09:00:00') });
    const stats = await statsOf(t, user.id);
    expect(stats.current_streak).toBe(1);
    expect(stats.longest_streak).toBe(2);
    expect(await badgesOf(t, user.id)).toEqual(['first_shot']);
  });

  it('awards feedback_streak_7 after 7 days, and each streak badge once', async () => {
    const user = await createUser(t);
    for (let day = -10; day <= -1; day++) {
      await insertFeedback(t, user.id, { createdAt: utcDay(day, '10:00:00') });
    }
    expect((await statsOf(t, user.id)).longest_streak).toBe(10);
    expect(await badgesOf(t, user.id)).toEqual([
      'chatterbox',
      'feedback_streak_3',
      'feedback_streak_7',
      'first_shot',
    ]);
    expect(await countOf(user.id, 'feedback_streak_3')).toBe(1);
    expect(await countOf(user.id, 'feedback_streak_7')).toBe(1);
  });

  it('recomputes streaks when a feedback arrives for an earlier day', async () => {
    const user = await createUser(t);
    await insertFeedback(t, user.id, { createdAt: utcDay(-40) });
    await insertFeedback(t, user.id, { createdAt: utcDay(-38) });
    expect((await statsOf(t, user.id)).longest_streak).toBe(1);
    await insertFeedback(t, user.id, { createdAt: utcDay(-39) });
    const stats = await statsOf(t, user.id);
    expect(stats.longest_streak).toBe(3);
    expect(stats.current_streak).toBe(3);
    expect(await badgesOf(t, user.id)).toContain('feedback_streak_3');
  });
});

describe('vote badges', () => {
  it('awards helpful_voter at 10 votes cast and quality_contributor at 5 upvotes received', async () => {
    const author = await createUser(t);
    const voters = await Promise.all(
      Array.from({ length: 5 }, () => createUser(t)),
    );
    const feedbackIds: string[] = [];
    for (let i = 0; i < 10; i++) {
      feedbackIds.push((await insertFeedback(t, author.id)).id);
    }
    const [first] = voters;
    if (first === undefined) throw new Error('no voter');
    for (const [i, id] of feedbackIds.entries()) {
      done(
        await first.client.from('feedback_votes').insert({
          feedback_id: id,
          vote_type: i < 2 ? 'upvote' : 'downvote',
        }),
      );
    }
    expect(await badgesOf(t, first.id)).toEqual(['helpful_voter']);
    expect(await badgesOf(t, author.id)).not.toContain('quality_contributor');

    for (const voter of voters.slice(1)) {
      done(
        await voter.client
          .from('feedback_votes')
          .insert({ feedback_id: feedbackIds[1], vote_type: 'upvote' }),
      );
    }
    expect((await statsOf(t, author.id)).upvotes_received).toBe(6);
    expect(await badgesOf(t, author.id)).toContain('quality_contributor');
    expect(await countOf(author.id, 'quality_contributor')).toBe(1);
  });
});

describe('points badge', () => {
  it('awards peega_legend at 1000 points, once', async () => {
    const user = await createUser(t);
    await query(
      t,
      `update public.user_stats set total_points = 995 where user_id = $1`,
      [user.id],
    );
    expect(await badgesOf(t, user.id)).toEqual([]);
    ok(
      await serviceClient(t).rpc('mark_linkedin_verified', {
        p_user_id: user.id,
      }),
    );
    await insertFeedback(t, user.id);
    expect(await badgesOf(t, user.id)).toEqual(['first_shot', 'peega_legend']);
    expect(await countOf(user.id, 'peega_legend')).toBe(1);
  });

  it('never removes a badge when XP is taken back', async () => {
    const user = await createUser(t);
    const feedback = await insertFeedback(t, user.id);
    ok(
      await serviceClient(t).rpc('apply_feedback_analysis', {
        p_feedback_id: feedback.id,
        p_analysis: { is_spam: true },
      }),
    );
    expect((await statsOf(t, user.id)).total_points).toBe(0);
    expect(await badgesOf(t, user.id)).toEqual(['first_shot']);
  });
});

describe('badge rows', () => {
  it('carry the definition name and emoji, and only known keys exist', async () => {
    const rows = await query<{ badge_key: string; ok: boolean }>(
      t,
      `select ub.badge_key, ub.badge_name = b.name and ub.badge_emoji = b.emoji as ok
         from public.user_badges ub join public.badges b on b.key = ub.badge_key`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(BADGE_KEYS).toContain(row.badge_key);
      expect(row.ok).toBe(true);
    }
  });
});
