import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowed,
  denied,
  forbidden,
  startWorld,
  USERS,
  type World,
} from './support.ts';

// The community and progress RPCs: who may call them and what they return.
let w: World;
beforeAll(async () => {
  w = await startWorld();
  // The board shows XP as of 00:00 UTC (M2): the world's two feedback and
  // their XP move to yesterday, before the day's board is first read.
  await w.t.ctx.db.exec(`
    update public.user_points set created_at = created_at - interval '1 day';
    update public.feedback set created_at = created_at - interval '1 day';
    update public.user_stats set day_feedback_date = day_feedback_date - 1;`);
});
afterAll(() => w?.t.stop());

describe('get_leaderboard', () => {
  it.each(USERS)('%s reads a page of nicknames and counts', async (role) => {
    const res = await w.as[role].rpc('get_leaderboard', {
      page_num: 1,
      page_size: 10,
    });
    allowed(res, 2);
    expect(JSON.stringify(res.data)).not.toMatch(/@perm\.test|Alice|Bob/);
  });
  it.each(USERS)('%s cannot ask for a page size of 10000', async (role) => {
    const { error } = await w.as[role].rpc('get_leaderboard', {
      page_num: 1,
      page_size: 10000,
    });
    expect(error?.message).toBe('Page size must be between 1 and 100.');
  });
  it('anon cannot read the leaderboard', async () => {
    forbidden(
      await w.as.anon.rpc('get_leaderboard', { page_num: 1, page_size: 10 }),
    );
  });
  it('service reads it', async () => {
    allowed(
      await w.as.service.rpc('get_leaderboard', { page_num: 1, page_size: 10 }),
      2,
    );
  });
});

describe('get_my_leaderboard_rank and check_profile_completion', () => {
  it.each(USERS)('%s gets their own', async (role) => {
    allowed(await w.as[role].rpc('get_my_leaderboard_rank'), 1);
    allowed(await w.as[role].rpc('check_profile_completion'), 1);
  });
  it('anon gets neither', async () => {
    forbidden(await w.as.anon.rpc('get_my_leaderboard_rank'));
    forbidden(await w.as.anon.rpc('check_profile_completion'));
  });
});

describe('public RPCs', () => {
  it.each(['anon', ...USERS, 'service'] as const)(
    '%s reads community stats and computes levels',
    async (role) => {
      const stats = await w.as[role].rpc('get_community_stats');
      allowed(stats, 1);
      const level = await w.as[role].rpc('compute_level', { p_points: 101 });
      allowed(level);
      expect(level.data).toBe(2);
    },
  );
  it.each(['anon', ...USERS] as const)(
    '%s cannot reach private helpers through the API',
    async (role) => {
      const res = await w.as[role].rpc('is_demo_mode');
      // Not exposed: no such function in public, no private schema.
      denied(res, { code: 'PGRST202', message: /public\.is_demo_mode/ });
      const schema = await w.as[role].schema('private').rpc('is_demo_mode');
      denied(schema, { code: 'PGRST106', message: /Invalid schema: private/ });
    },
  );
});
