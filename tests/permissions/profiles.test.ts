import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../integration/db/support.ts';
import {
  allowed,
  denied,
  forbidden,
  rows,
  startWorld,
  USERS,
  type UserRole,
  type World,
} from './support.ts';

// profiles, user_stats, user_points, badges, user_badges: for each role and
// operation, one allowed and one denied case.
let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w?.t.stop());

const other = (role: UserRole): UserRole =>
  role === 'consumerA' ? 'consumerB' : 'consumerA';

describe('profiles', () => {
  describe('select', () => {
    it.each(USERS)('%s reads their own profile', async (role) => {
      allowed(
        await w.as[role].from('profiles').select('*').eq('id', w.id[role]),
        1,
      );
    });
    it.each(USERS)('%s cannot read another profile', async (role) => {
      denied(
        await w.as[role]
          .from('profiles')
          .select('*')
          .eq('id', w.id[other(role)]),
        'hidden',
      );
    });
    it('anon cannot read profiles', async () => {
      forbidden(await w.as.anon.from('profiles').select('*'));
    });
    it('service reads every profile', async () => {
      allowed(await w.as.service.from('profiles').select('id'), 5);
    });
  });

  describe('insert (the spec upsert)', () => {
    it.each(USERS)('%s upserts their own profile', async (role) => {
      allowed(
        await w.as[role]
          .from('profiles')
          .upsert({ id: w.id[role], city: 'Porto' }),
      );
    });
    it.each(USERS)(
      '%s cannot create a profile for another id',
      async (role) => {
        forbidden(
          await w.as[role].from('profiles').insert({
            id: '00000000-0000-4000-8000-00000000dead',
            nickname: 'x1',
          }),
        );
      },
    );
    it('anon cannot insert', async () => {
      forbidden(
        await w.as.anon
          .from('profiles')
          .insert({ id: w.id.consumerA, nickname: 'x1' }),
      );
    });
    it('service may upsert any profile', async () => {
      allowed(
        await w.as.service
          .from('profiles')
          .upsert({ id: w.id.consumerB, city: 'Lyon' }),
      );
    });
  });

  describe('update', () => {
    it.each(USERS)('%s updates their own nickname', async (role) => {
      allowed(
        await w.as[role]
          .from('profiles')
          .update({ nickname: `${role}_nick` })
          .eq('id', w.id[role])
          .select('nickname'),
        1,
      );
    });
    it.each(USERS)("%s cannot update another user's profile", async (role) => {
      denied(
        await w.as[role]
          .from('profiles')
          .update({ nickname: 'hijacked' })
          .eq('id', w.id[other(role)])
          .select('id'),
        'hidden',
      );
    });
    it.each(USERS)('%s cannot set server-owned columns', async (role) => {
      forbidden(
        await w.as[role]
          .from('profiles')
          .update({ verified_linkedin: true, referral_code: 'MINE' })
          .eq('id', w.id[role]),
      );
    });
    it('anon cannot update', async () => {
      forbidden(
        await w.as.anon
          .from('profiles')
          .update({ nickname: 'x' })
          .eq('id', w.id.consumerA),
      );
    });
    it('service may update any profile', async () => {
      allowed(
        await w.as.service
          .from('profiles')
          .update({ verified_linkedin: false })
          .eq('id', w.id.consumerB)
          .select('id'),
        1,
      );
    });
  });

  describe('delete', () => {
    it.each(USERS)(
      '%s cannot delete a profile, not even their own',
      async (role) => {
        forbidden(
          await w.as[role].from('profiles').delete().eq('id', w.id[role]),
        );
      },
    );
    it('anon cannot delete', async () => {
      forbidden(
        await w.as.anon.from('profiles').delete().eq('id', w.id.consumerA),
      );
    });
    it('service may delete a profile', async () => {
      const temp = await createUser(w.t);
      allowed(
        await w.as.service
          .from('profiles')
          .delete()
          .eq('id', temp.id)
          .select('id'),
        1,
      );
    });
  });
});

describe.each(['user_stats', 'user_points', 'user_badges'] as const)(
  '%s (written by the database only)',
  (table) => {
    beforeAll(async () => {
      // Give consumer B a first feedback so every table has a row of theirs.
      await rows(
        w,
        `insert into public.feedback (user_id, title, description, company_name)
         select $1, 't', 'd', 'c'
          where not exists (select 1 from public.user_points where user_id = $1)`,
        [w.id.consumerB],
      );
    });

    it.each(['consumerA', 'consumerB'] as const)(
      '%s reads their own rows',
      async (role) => {
        const res = await w.as[role]
          .from(table)
          .select('*')
          .eq('user_id', w.id[role]);
        allowed(res);
        expect((res.data ?? []).length).toBeGreaterThan(0);
      },
    );
    it.each(USERS)("%s cannot read another user's rows", async (role) => {
      denied(
        await w.as[role]
          .from(table)
          .select('*')
          .eq('user_id', w.id[other(role)]),
        'hidden',
      );
    });
    it('anon cannot read', async () => {
      forbidden(await w.as.anon.from(table).select('*'));
    });
    it('service reads every row', async () => {
      const res = await w.as.service.from(table).select('user_id');
      allowed(res);
      expect((res.data ?? []).length).toBeGreaterThan(1);
    });

    it.each(USERS)('%s cannot insert, update or delete', async (role) => {
      forbidden(
        await w.as[role].from(table).insert({ user_id: w.id[role] } as never),
      );
      forbidden(
        await w.as[role]
          .from(table)
          .update({ user_id: w.id[role] } as never)
          .eq('user_id', w.id[role]),
      );
      forbidden(
        await w.as[role].from(table).delete().eq('user_id', w.id[role]),
      );
    });
    it('anon cannot insert, update or delete', async () => {
      forbidden(
        await w.as.anon
          .from(table)
          .insert({ user_id: w.id.consumerA } as never),
      );
      forbidden(
        await w.as.anon.from(table).delete().eq('user_id', w.id.consumerA),
      );
    });
    it('service may write (operator corrections)', async () => {
      allowed(
        await w.as.service
          .from(table)
          .update({ user_id: w.id.consumerA } as never)
          .eq('user_id', w.id.consumerA),
      );
    });
  },
);

describe('badges (definitions)', () => {
  it.each(['anon', ...USERS] as const)('%s reads all 10', async (role) => {
    allowed(await w.as[role].from('badges').select('key'), 10);
  });
  it.each(['anon', ...USERS] as const)(
    '%s cannot change them',
    async (role) => {
      forbidden(
        await w.as[role]
          .from('badges')
          .update({ threshold: 1 })
          .eq('key', 'peega_legend'),
      );
      forbidden(
        await w.as[role].from('badges').insert({
          key: 'x',
          name: 'x',
          description: 'x',
          emoji: 'x',
          metric: 'totalPoints',
          threshold: 1,
          sort_order: 99,
        }),
      );
      forbidden(
        await w.as[role].from('badges').delete().eq('key', 'first_shot'),
      );
    },
  );
  it('service may edit a definition', async () => {
    allowed(
      await w.as.service
        .from('badges')
        .update({ description: 'Reach 1000+ points' })
        .eq('key', 'peega_legend')
        .select('key'),
      1,
    );
  });
});

describe('mark_badges_celebrated (issue #19 item 11)', () => {
  const seen = async (role: 'consumerA' | 'consumerB') =>
    (
      await rows<{ celebrated_at: string | null }>(
        w,
        `select celebrated_at from public.user_badges
          where user_id = $1 and badge_key = 'first_shot'`,
        [w.id[role]],
      )
    )[0]?.celebrated_at ?? null;

  beforeAll(async () => {
    // Consumer B's first feedback earned First Shot, not yet celebrated.
    await rows(
      w,
      `insert into public.feedback (user_id, title, description, company_name)
       select $1, 't', 'd', 'c'
        where not exists (select 1 from public.user_points where user_id = $1)`,
      [w.id.consumerB],
    );
    await rows(
      w,
      `update public.user_badges set celebrated_at = null where user_id = $1`,
      [w.id.consumerB],
    );
  });

  it("anon cannot call it; another user's call leaves the badge unseen", async () => {
    forbidden(
      await w.as.anon.rpc('mark_badges_celebrated', {
        p_badge_keys: ['first_shot'],
      }),
    );
    const res = await w.as.consumerA.rpc('mark_badges_celebrated', {
      p_badge_keys: ['first_shot'],
    });
    expect(res.error).toBeNull();
    expect(await seen('consumerB')).toBeNull();
  });

  it('the owner marks their own badge once', async () => {
    const first = await w.as.consumerB.rpc('mark_badges_celebrated', {
      p_badge_keys: ['first_shot'],
    });
    expect(first.data).toBe(1);
    expect(await seen('consumerB')).not.toBeNull();
    const again = await w.as.consumerB.rpc('mark_badges_celebrated', {
      p_badge_keys: ['first_shot'],
    });
    expect(again.data).toBe(0);
  });

  it('refuses an oversized list', async () => {
    const res = await w.as.consumerB.rpc('mark_badges_celebrated', {
      p_badge_keys: Array.from({ length: 51 }, (_, i) => `k${i}`),
    });
    denied(res, { code: '22023', message: /Between 0 and 50 badge keys/ });
  });
});
