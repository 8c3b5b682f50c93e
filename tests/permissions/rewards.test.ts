import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowed,
  denied,
  forbidden,
  rows,
  startWorld,
  USERS,
  type World,
} from './support.ts';

// rewards, reward_claims and claim_reward.
let w: World;
let open: string;
let locked: string;
let hidden: string;
beforeAll(async () => {
  w = await startWorld();
  const inserted = await rows<{ id: string }>(
    w,
    `insert into public.rewards (title, description, category, type, access_level, is_active)
     values ('Open', 'Level 0', 'Merch', 'physical', 0, true),
            ('Locked', 'Level 5', 'Gift Cards', 'voucher', 5, true),
            ('Hidden', 'Inactive', 'Merch', 'physical', 0, false)
     returning id`,
  );
  [open, locked, hidden] = inserted.map((r) => r.id) as [
    string,
    string,
    string,
  ];
  await w.as.consumerA.rpc('claim_reward', { p_reward_id: open });
});
afterAll(() => w?.t.stop());

describe('rewards', () => {
  it.each(USERS)('%s reads the active catalogue', async (role) => {
    allowed(
      await w.as[role].from('rewards').select('*').order('popularity_score'),
      2,
    );
  });
  it.each(USERS)('%s cannot see inactive rewards', async (role) => {
    denied(
      await w.as[role].from('rewards').select('*').eq('id', hidden),
      'hidden',
    );
  });
  it('anon cannot read rewards (sign in to view rewards)', async () => {
    forbidden(await w.as.anon.from('rewards').select('*'));
  });
  it.each([...USERS, 'anon'] as const)(
    '%s cannot edit the catalogue',
    async (role) => {
      forbidden(
        await w.as[role].from('rewards').insert({
          title: 'Free money',
          description: 'x',
          category: 'x',
          type: 'x',
        }),
      );
      forbidden(
        await w.as[role]
          .from('rewards')
          .update({ access_level: 0 })
          .eq('id', locked),
      );
      forbidden(await w.as[role].from('rewards').delete().eq('id', locked));
    },
  );
  it('service edits the catalogue', async () => {
    allowed(
      await w.as.service
        .from('rewards')
        .update({ popularity_score: 10 })
        .eq('id', open)
        .select('id'),
      1,
    );
  });
});

describe('reward_claims', () => {
  it('consumer A reads their claim', async () => {
    allowed(await w.as.consumerA.from('reward_claims').select('*'), 1);
  });
  it.each(['consumerB', 'companyX', 'companyY', 'admin'] as const)(
    "%s cannot read consumer A's claim",
    async (role) => {
      denied(
        await w.as[role]
          .from('reward_claims')
          .select('*')
          .eq('user_id', w.id.consumerA),
        'hidden',
      );
    },
  );
  it('anon cannot read claims', async () => {
    forbidden(await w.as.anon.from('reward_claims').select('*'));
  });
  it.each([...USERS, 'anon'] as const)(
    '%s cannot write claims directly',
    async (role) => {
      forbidden(
        await w.as[role].from('reward_claims').insert({
          reward_id: locked,
          user_id: w.id.consumerA,
          code: 'PEEGA-FAKE-CODE',
        }),
      );
      forbidden(
        await w.as[role]
          .from('reward_claims')
          .update({ status: 'redeemed' })
          .eq('reward_id', open),
      );
      forbidden(
        await w.as[role].from('reward_claims').delete().eq('reward_id', open),
      );
    },
  );
  it('service redeems a claim', async () => {
    allowed(
      await w.as.service
        .from('reward_claims')
        .update({ status: 'redeemed', redeemed_at: new Date().toISOString() })
        .eq('reward_id', open)
        .select('id'),
      1,
    );
  });
});

describe('claim_reward', () => {
  it.each(USERS)('%s claims an unlocked reward', async (role) => {
    allowed(await w.as[role].rpc('claim_reward', { p_reward_id: open }), 1);
  });
  it.each(USERS)('%s cannot claim a reward above their level', async (role) => {
    const { error } = await w.as[role].rpc('claim_reward', {
      p_reward_id: locked,
    });
    expect(error?.message).toBe('Available at level 5');
  });
  it('anon cannot claim', async () => {
    forbidden(await w.as.anon.rpc('claim_reward', { p_reward_id: open }));
  });
});
