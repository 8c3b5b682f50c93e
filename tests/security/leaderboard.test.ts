import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  query,
  type TestCompany,
  type TestUser,
} from '../integration/db/support.ts';

// M2: a company learned an author's nickname by diffing get_leaderboard
// before and after a feedback arrived on its site (the author gained 5-7 XP
// and one feedback, then +10 when the company completed it).
let t: TestBackend;
let company: TestCompany;
let author: TestUser;
let watcher: TestUser;
const yesterday = new Date(Date.now() - 86_400_000).toISOString();

beforeAll(async () => {
  t = await startTestBackend();
  company = await createCompany(t, { domain: 'example.com' });
  // Ten players with yesterday's XP; the author has 20, the watcher 25.
  const players: TestUser[] = [];
  for (let i = 0; i < 10; i++) {
    const player = await createUser(t);
    await query(t, 'update public.profiles set nickname = $2 where id = $1', [
      player.id,
      `player_${i}`,
    ]);
    for (let j = 0; j <= i % 4; j++) {
      await insertFeedback(t, player.id, {
        websiteUrl: `https://site${i}.test/`,
        createdAt: yesterday,
      });
    }
    players.push(player);
  }
  author = players[1]!;
  watcher = players[2]!;
  // Player 3 (4 feedback, 30 XP yesterday) already sent one today, before
  // the day's board was first asked for.
  await insertFeedback(t, players[3]!.id, {
    websiteUrl: 'https://site3.test/',
  });
});
afterAll(() => t?.stop());

/** Every page of the board as the client sees it. */
async function board(client: SupabaseClient) {
  const rows: unknown[] = [];
  for (let page = 1; ; page++) {
    const res = await client.rpc('get_leaderboard', {
      page_num: page,
      page_size: 3,
    });
    expect(res.error).toBeNull();
    const data = res.data as unknown[];
    rows.push(...data);
    if (data.length < 3) return rows;
  }
}

/** What the company and a consumer can read of other users' standing. */
async function everythingPublic() {
  return {
    company: await board(company.client),
    watcher: await board(watcher.client),
    watcherRank: (await watcher.client.rpc('get_my_leaderboard_rank')).data,
    // Per-user counters outside the board stay their owner's.
    stats: (await company.client.from('user_stats').select('*')).data,
    badges: (await company.client.from('user_badges').select('*')).data,
    profiles: (await company.client.from('profiles').select('nickname')).data,
  };
}

describe('the leaderboard cannot tie a new feedback to a nickname', () => {
  it('no row changes when a feedback arrives, earns XP and is completed', async () => {
    const before = await everythingPublic();
    // The board really lists the author (the diff is not vacuous).
    expect(JSON.stringify(before.company)).toContain('player_1');
    expect(before.watcherRank).toEqual([
      expect.objectContaining({ nickname: 'player_2', xp: 25 }),
    ]);

    const sent = await author.client
      .from('feedback')
      .insert({
        title: 'Checkout is slow',
        description: 'It takes ten seconds.',
        company_name: 'Example',
        website_url: 'https://example.com/checkout',
      })
      .select('id, points_awarded')
      .single();
    expect(sent.error).toBeNull();
    expect(sent.data?.points_awarded).toBe(5);
    const open = await company.client.rpc('get_company_feedback_detail', {
      feedback_uuid: sent.data!.id,
    });
    expect(open.error).toBeNull();
    const done = await company.client.rpc('update_feedback_status', {
      feedback_uuid: sent.data!.id,
      new_status: 'completed',
    });
    expect(done.error).toBeNull();
    // The author's live total moved past the watcher's (20 + 5 + 10 = 35).
    const [live] = await query<{ total_points: number }>(
      t,
      'select total_points from public.user_stats where user_id = $1',
      [author.id],
    );
    expect(live?.total_points).toBe(35);

    expect(await everythingPublic()).toEqual(before);
  });

  it('the board shows totals as of 00:00 UTC, even for activity before its first read', async () => {
    const rows = (await board(watcher.client)) as {
      nickname: string;
      xp: number;
      feedback_count: number;
      level: number;
    }[];
    expect(rows.find((r) => r.nickname === 'player_3')).toMatchObject({
      xp: 30,
      feedback_count: 4,
      level: 0,
    });
    expect(rows.map((r) => r.xp)).toEqual(
      [...rows.map((r) => r.xp)].sort((a, b) => b - a),
    );
    expect(rows).toHaveLength(10);
  });

  it('the author sees their own row live; everyone else still sees it as of 00:00', async () => {
    type Row = {
      rank: number;
      nickname: string;
      xp: number;
      is_current_user: boolean;
    };
    const mine = await author.client.rpc('get_my_leaderboard_rank');
    expect(mine.error).toBeNull();
    const full = (await board(author.client)) as (Row & {
      total_count: number;
    })[];
    // One consistent ranking: 1..10, most XP first, the author counted once.
    expect(full.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(full.map((r) => r.xp)).toEqual(
      [...full.map((r) => r.xp)].sort((a, b) => b - a),
    );
    expect(full.every((r) => r.total_count === 10)).toBe(true);
    const own = full.filter((r) => r.nickname === 'player_1');
    expect(own).toEqual([
      expect.objectContaining({ xp: 35, is_current_user: true }),
    ]);
    expect(mine.data).toEqual([
      expect.objectContaining({
        rank: own[0]!.rank,
        nickname: 'player_1',
        xp: 35,
      }),
    ]);
    const seen = ((await board(watcher.client)) as Row[]).filter(
      (r) => r.nickname === 'player_1',
    );
    expect(seen).toEqual([
      expect.objectContaining({ xp: 20, is_current_user: false }),
    ]);
  });
});
