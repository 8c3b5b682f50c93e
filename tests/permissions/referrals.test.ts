import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../integration/db/support.ts';
import {
  allowed,
  denied,
  forbidden,
  rows,
  startWorld,
  USERS,
  type World,
} from './support.ts';

// referrals and the referral RPCs.
let w: World;
let codeA: string;
beforeAll(async () => {
  w = await startWorld();
  const [row] = await rows<{ referral_code: string }>(
    w,
    'select referral_code from public.profiles where id = $1',
    [w.id.consumerA],
  );
  codeA = row?.referral_code ?? '';
  // consumerB already sent feedback in this world, so since L1 it can no
  // longer claim a code itself: the referral is the one its sign-up recorded.
  await rows(
    w,
    `insert into public.referrals (inviter_id, invitee_id, referral_code)
     values ($1, $2, $3) returning id`,
    [w.id.consumerA, w.id.consumerB, codeA],
  );
});
afterAll(() => w?.t.stop());

describe('referrals', () => {
  it('the inviter and the invitee read their referral', async () => {
    allowed(await w.as.consumerA.from('referrals').select('*'), 1);
    allowed(await w.as.consumerB.from('referrals').select('*'), 1);
  });
  it.each(['companyX', 'companyY', 'admin'] as const)(
    '%s sees no referral',
    async (role) => {
      denied(await w.as[role].from('referrals').select('*'), 'hidden');
    },
  );
  it('anon cannot read referrals', async () => {
    forbidden(await w.as.anon.from('referrals').select('*'));
  });
  it('service reads all referrals', async () => {
    allowed(await w.as.service.from('referrals').select('id'), 1);
  });
  it.each([...USERS, 'anon'] as const)(
    '%s cannot write referrals directly',
    async (role) => {
      forbidden(
        await w.as[role].from('referrals').insert({
          inviter_id: w.id.consumerA,
          invitee_id: w.id.admin,
          referral_code: codeA,
          status: 'completed',
        }),
      );
      forbidden(
        await w.as[role]
          .from('referrals')
          .update({ status: 'completed' })
          .eq('inviter_id', w.id.consumerA),
      );
      forbidden(
        await w.as[role]
          .from('referrals')
          .delete()
          .eq('inviter_id', w.id.consumerA),
      );
    },
  );
  it('service may correct a referral', async () => {
    allowed(
      await w.as.service
        .from('referrals')
        .update({ referral_code: codeA })
        .eq('inviter_id', w.id.consumerA)
        .select('id'),
      1,
    );
  });
});

describe('process_referral_signup', () => {
  it('a signed-in user processes their own referral', async () => {
    const invitee = await createUser(w.t);
    allowed(
      await invitee.client.rpc('process_referral_signup', {
        p_referral_code: codeA,
      }),
      1,
    );
  });
  it.each(USERS)(
    '%s cannot process a referral for someone else',
    async (role) => {
      const target = role === 'consumerA' ? w.id.consumerB : w.id.consumerA;
      forbidden(
        await w.as[role].rpc('process_referral_signup', {
          p_invitee_id: target,
          p_referral_code: codeA,
        }),
      );
    },
  );
  it('anon cannot process referrals', async () => {
    forbidden(
      await w.as.anon.rpc('process_referral_signup', {
        p_referral_code: codeA,
      }),
    );
  });
});

describe('get_my_referrals', () => {
  it('the inviter lists their invitees with nickname and e-mail only', async () => {
    const res = await w.as.consumerA.rpc('get_my_referrals');
    allowed(res);
    expect(JSON.stringify(res.data)).toContain(w.email.consumerB);
    expect(JSON.stringify(res.data)).not.toContain('Bob Builder');
  });
  it('the invitee sees no one', async () => {
    allowed(await w.as.consumerB.rpc('get_my_referrals'), 0);
  });
  it('anon cannot call it', async () => {
    forbidden(await w.as.anon.rpc('get_my_referrals'));
  });
});
