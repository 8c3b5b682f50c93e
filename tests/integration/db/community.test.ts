import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createUser,
  insertFeedback,
  list,
  ok,
  query,
  serviceClient,
  type TestUser,
} from './support.ts';

// The leaderboard and community stats: nicknames and counts only. The board
// shows totals as of 00:00 UTC (M2), so the players' feedback is from
// yesterday.
let t: TestBackend;
const yesterday = new Date(Date.now() - 86_400_000).toISOString();
const users: TestUser[] = [];
beforeAll(async () => {
  t = await startTestBackend();
  for (let i = 0; i < 12; i++) {
    const user = await createUser(t, { fullName: `Person ${i}` });
    await query(t, 'update public.profiles set nickname = $2 where id = $1', [
      user.id,
      `player_${String(i).padStart(2, '0')}`,
    ]);
    // Player i sends i + 1 feedback: 15 + 5i XP.
    for (let j = 0; j <= i; j++) {
      await insertFeedback(t, user.id, {
        websiteUrl: `https://site${j % 3}.test/`,
        createdAt: yesterday,
      });
    }
    users.push(user);
  }
  await createUser(t);
});
afterAll(() => t?.stop());

describe('get_leaderboard', () => {
  it('pages users with XP, most XP first, with the total', async () => {
    const viewer = users[11];
    if (viewer === undefined) throw new Error('no viewer');
    const first = list(
      await viewer.client.rpc('get_leaderboard', {
        page_num: 1,
        page_size: 10,
      }),
    );
    expect(first).toHaveLength(10);
    expect(first[0]).toEqual({
      rank: 1,
      nickname: 'player_11',
      feedback_count: 12,
      level: 1,
      xp: 70,
      total_count: 12,
      is_current_user: true,
    });
    expect(first.slice(1).every((r) => !r.is_current_user)).toBe(true);
    const second = list(
      await viewer.client.rpc('get_leaderboard', {
        page_num: 2,
        page_size: 10,
      }),
    );
    expect(second.map((r) => [r.rank, r.nickname])).toEqual([
      [11, 'player_01'],
      [12, 'player_00'],
    ]);
    expect(
      ok(await viewer.client.rpc('get_leaderboard', { page_num: 3 })),
    ).toEqual([]);
    for (const row of [...first, ...second]) {
      expect(Object.keys(row).sort()).toEqual([
        'feedback_count',
        'is_current_user',
        'level',
        'nickname',
        'rank',
        'total_count',
        'xp',
      ]);
    }
  });

  it.each([
    [{ page_num: -1 }, 'Page must be 1 or more.'],
    [{ page_num: 1, page_size: 10000 }, 'Page size must be between 1 and 100.'],
  ])('refuses %j', async (args, message) => {
    const { error } = await users[0]!.client.rpc('get_leaderboard', args);
    expect(error?.message).toBe(message);
  });

  it('gives the caller their own rank', async () => {
    const [mine] = ok(await users[4]!.client.rpc('get_my_leaderboard_rank'));
    expect(mine).toMatchObject({ rank: 8, nickname: 'player_04', xp: 35 });
  });

  it('is for signed-in users', async () => {
    const { error } = await t.client().rpc('get_leaderboard');
    expect(error).not.toBeNull();
  });
});

describe('get_community_stats', () => {
  it('counts feedback and distinct sites, for anyone', async () => {
    const [stats] = ok(await t.client().rpc('get_community_stats'));
    expect(stats).toEqual({ total_feedbacks: 78, unique_companies: 3 });
  });
});

describe('rewards', () => {
  it('claims an unlocked reward once, with a unique code', async () => {
    const [open, locked] = await query<{ id: string }>(
      t,
      `insert into public.rewards (title, description, category, type, access_level)
       values ('Sticker', 'A sticker', 'Merch', 'physical', 0),
              ('Hoodie', 'A hoodie', 'Merch', 'physical', 3)
       returning id`,
    );
    const user = users[11]!;
    const [claim] = ok(
      await user.client.rpc('claim_reward', { p_reward_id: open!.id }),
    );
    expect(claim?.code).toMatch(/^PEEGA-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(claim?.how_to_claim).toBe(
      'How to claim: Contact our support team with your reward code to claim this reward.',
    );
    const [again] = ok(
      await user.client.rpc('claim_reward', { p_reward_id: open!.id }),
    );
    expect(again?.code).toBe(claim?.code);
    const refused = await user.client.rpc('claim_reward', {
      p_reward_id: locked!.id,
    });
    expect(refused.error?.message).toBe('Available at level 3');
    await serviceClient(t).rpc('award_points', {
      p_user_id: user.id,
      p_action_type: 'linkedin_verified',
      p_points: 30,
    });
    await query(
      t,
      `update public.user_stats set total_points = 300 where user_id = $1`,
      [user.id],
    );
    const [unlocked] = ok(
      await user.client.rpc('claim_reward', { p_reward_id: locked!.id }),
    );
    expect(unlocked?.code).not.toBe(claim?.code);
    expect(
      ok(await user.client.from('reward_claims').select('code')),
    ).toHaveLength(2);
    expect(
      ok(await users[0]!.client.from('reward_claims').select('code')),
    ).toEqual([]);
  });
});
