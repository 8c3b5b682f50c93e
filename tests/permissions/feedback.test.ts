import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFeedback } from '../integration/db/support.ts';
import {
  allowed,
  denied,
  forbidden,
  startWorld,
  USERS,
  type World,
} from './support.ts';

// feedback and feedback_votes tables, the consumer feedback RPCs and the
// server-only ones. Companies never read the feedback table.
let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w?.t.stop());

const payload = {
  title: 'Title',
  description: 'Description',
  company_name: 'Example',
  website_url: 'https://example.com',
};

describe('feedback', () => {
  describe('select', () => {
    it('consumer A reads their own feedback', async () => {
      allowed(
        await w.as.consumerA
          .from('feedback')
          .select('*')
          .eq('id', w.feedback.a),
        1,
      );
    });
    it('consumer B reads their own feedback', async () => {
      allowed(
        await w.as.consumerB
          .from('feedback')
          .select('*')
          .eq('id', w.feedback.b),
        1,
      );
    });
    it.each(['consumerA', 'consumerB', 'companyY', 'admin'] as const)(
      "%s cannot read someone else's feedback",
      async (role) => {
        const target = role === 'consumerA' ? w.feedback.b : w.feedback.a;
        denied(
          await w.as[role].from('feedback').select('*').eq('id', target),
          'hidden',
        );
      },
    );
    it('company X cannot read even its matching feedback through the table', async () => {
      denied(
        await w.as.companyX.from('feedback').select('*').eq('id', w.feedback.a),
        'hidden',
      );
    });
    it('company Y cannot read its matching feedback through the table', async () => {
      denied(
        await w.as.companyY.from('feedback').select('*').eq('id', w.feedback.b),
        'hidden',
      );
    });
    it('anon cannot read feedback', async () => {
      forbidden(await w.as.anon.from('feedback').select('*'));
    });
    it('service reads all feedback', async () => {
      const res = await w.as.service.from('feedback').select('id');
      allowed(res);
      expect((res.data ?? []).length).toBeGreaterThanOrEqual(2);
    });
  });

  describe('insert', () => {
    it.each(USERS)('%s submits feedback as themselves', async (role) => {
      allowed(await w.as[role].from('feedback').insert(payload));
    });
    it.each(USERS)(
      '%s cannot submit feedback as someone else',
      async (role) => {
        const target = role === 'consumerA' ? w.id.consumerB : w.id.consumerA;
        forbidden(
          await w.as[role]
            .from('feedback')
            .insert({ ...payload, user_id: target }),
        );
      },
    );
    it('anon cannot submit feedback', async () => {
      forbidden(await w.as.anon.from('feedback').insert(payload));
    });
    it('service may insert for a user', async () => {
      allowed(
        await w.as.service
          .from('feedback')
          .insert({ ...payload, user_id: w.id.consumerB }),
      );
    });
  });

  describe('update', () => {
    it.each(USERS)(
      '%s cannot update feedback, not even their own',
      async (role) => {
        forbidden(
          await w.as[role]
            .from('feedback')
            .update({ title: 'Changed' })
            .eq('user_id', w.id[role]),
        );
      },
    );
    it('anon cannot update feedback', async () => {
      forbidden(
        await w.as.anon
          .from('feedback')
          .update({ title: 'x' })
          .eq('id', w.feedback.a),
      );
    });
    it('service may update feedback (AI results)', async () => {
      allowed(
        await w.as.service
          .from('feedback')
          .update({ sentiment: 'neutral' })
          .eq('id', w.feedback.b)
          .select('id'),
        1,
      );
    });
    it('service still follows the status workflow', async () => {
      const { error } = await w.as.service
        .from('feedback')
        .update({ status: 'completed' })
        .eq('id', w.feedback.b);
      expect(error?.message).toBe(
        'A feedback cannot move from pending to completed.',
      );
    });
  });

  describe('delete', () => {
    it.each([...USERS, 'anon'] as const)(
      '%s cannot delete feedback',
      async (role) => {
        forbidden(
          await w.as[role].from('feedback').delete().eq('id', w.feedback.a),
        );
      },
    );
    it('service may delete feedback', async () => {
      const { id } = await insertFeedback(w.t, w.id.consumerA);
      allowed(
        await w.as.service.from('feedback').delete().eq('id', id).select('id'),
        1,
      );
    });
  });
});

describe('feedback_votes', () => {
  describe('insert', () => {
    it.each(['consumerB', 'companyX', 'admin'] as const)(
      "%s votes on A's visible feedback",
      async (role) => {
        allowed(
          await w.as[role]
            .from('feedback_votes')
            .insert({ feedback_id: w.feedback.a, vote_type: 'upvote' }),
        );
      },
    );
    it.each(['consumerA', 'companyY'] as const)(
      '%s votes on B’s feedback',
      async (role) => {
        allowed(
          await w.as[role]
            .from('feedback_votes')
            .insert({ feedback_id: w.feedback.b, vote_type: 'downvote' }),
        );
      },
    );
    it('consumer A cannot vote on their own feedback', async () => {
      forbidden(
        await w.as.consumerA
          .from('feedback_votes')
          .insert({ feedback_id: w.feedback.a, vote_type: 'upvote' }),
      );
    });
    it.each(['consumerB', 'companyX', 'companyY', 'admin'] as const)(
      '%s cannot vote as someone else or twice',
      async (role) => {
        const { error } = await w.as[role].from('feedback_votes').insert({
          feedback_id: w.feedback.a,
          user_id: w.id.consumerA,
          vote_type: 'upvote',
        });
        expect(error?.code).toBe('42501');
        expect(error?.message).toBe('You can only vote as yourself.');
      },
    );
    it('anon cannot vote', async () => {
      forbidden(
        await w.as.anon
          .from('feedback_votes')
          .insert({ feedback_id: w.feedback.a, vote_type: 'upvote' }),
      );
    });
    it('service may record a vote', async () => {
      const { id } = await insertFeedback(w.t, w.id.consumerA);
      allowed(
        await w.as.service.from('feedback_votes').insert({
          feedback_id: id,
          user_id: w.id.consumerB,
          vote_type: 'upvote',
        }),
      );
    });
  });

  describe('select', () => {
    it('consumer B reads their own vote', async () => {
      allowed(
        await w.as.consumerB
          .from('feedback_votes')
          .select('*')
          .eq('feedback_id', w.feedback.a),
        1,
      );
    });
    it.each(['consumerA', 'companyY'] as const)(
      '%s cannot read votes of others (not even on their own feedback)',
      async (role) => {
        const res = await w.as[role]
          .from('feedback_votes')
          .select('*')
          .neq('user_id', w.id[role]);
        allowed(res, 0);
      },
    );
    it('anon cannot read votes', async () => {
      forbidden(await w.as.anon.from('feedback_votes').select('*'));
    });
    it('service reads all votes', async () => {
      const res = await w.as.service.from('feedback_votes').select('id');
      allowed(res);
      expect((res.data ?? []).length).toBeGreaterThanOrEqual(5);
    });
  });

  describe('update and delete', () => {
    it.each([...USERS, 'anon'] as const)(
      '%s cannot change or remove a vote',
      async (role) => {
        forbidden(
          await w.as[role]
            .from('feedback_votes')
            .update({ vote_type: 'downvote' })
            .eq('feedback_id', w.feedback.a),
        );
        forbidden(
          await w.as[role]
            .from('feedback_votes')
            .delete()
            .eq('feedback_id', w.feedback.a),
        );
      },
    );
    it('service may remove a vote, and the totals follow', async () => {
      allowed(
        await w.as.service
          .from('feedback_votes')
          .delete()
          .eq('feedback_id', w.feedback.a)
          .eq('user_id', w.id.admin)
          .select('id'),
        1,
      );
    });
  });
});

describe('consumer feedback RPCs', () => {
  it.each(['get_user_feedback', 'get_user_feedback_view_counts'] as const)(
    '%s: a user reads their own, never another user’s, never anon',
    async (fn) => {
      const own = await w.as.consumerA.rpc(fn, { p_user_id: w.id.consumerA });
      allowed(own);
      expect((own.data as unknown[]).length).toBeGreaterThan(0);
      forbidden(await w.as.consumerA.rpc(fn, { p_user_id: w.id.consumerB }));
      forbidden(await w.as.anon.rpc(fn, { p_user_id: w.id.consumerA }));
      allowed(await w.as.companyX.rpc(fn));
    },
  );

  it('get_similar_feedback: signed-in users only, no author identity', async () => {
    const res = await w.as.consumerB.rpc('get_similar_feedback', {
      p_website_url: 'https://shop.example.com',
      p_text: 'A on example.com',
    });
    allowed(res, 1);
    expect(JSON.stringify(res.data)).not.toContain(w.id.consumerA);
    forbidden(
      await w.as.anon.rpc('get_similar_feedback', {
        p_website_url: 'https://shop.example.com',
      }),
    );
  });

  it('get_feedback_view_count: the author and matching company only', async () => {
    allowed(
      await w.as.consumerA.rpc('get_feedback_view_count', {
        feedback_uuid: w.feedback.a,
      }),
    );
    allowed(
      await w.as.companyX.rpc('get_feedback_view_count', {
        feedback_uuid: w.feedback.a,
      }),
    );
    forbidden(
      await w.as.companyY.rpc('get_feedback_view_count', {
        feedback_uuid: w.feedback.a,
      }),
    );
    forbidden(
      await w.as.consumerB.rpc('get_feedback_view_count', {
        feedback_uuid: w.feedback.a,
      }),
    );
    forbidden(
      await w.as.anon.rpc('get_feedback_view_count', {
        feedback_uuid: w.feedback.a,
      }),
    );
  });
});

describe('server-only RPCs', () => {
  const calls = {
    award_points: {
      p_user_id: '',
      p_action_type: 'linkedin_verified',
      p_points: 30,
      p_feedback_id: null,
    },
    mark_linkedin_verified: { p_user_id: '' },
    apply_feedback_analysis: {
      p_feedback_id: '',
      p_analysis: { sentiment: 'neutral' },
    },
  } as const;

  it.each(Object.keys(calls) as (keyof typeof calls)[])(
    '%s: refused to anon and every signed-in user, allowed to service',
    async (fn) => {
      const args = {
        ...calls[fn],
        ...('p_user_id' in calls[fn] ? { p_user_id: w.id.consumerB } : {}),
        ...('p_feedback_id' in calls[fn] && fn === 'apply_feedback_analysis'
          ? { p_feedback_id: w.feedback.b }
          : {}),
      };
      for (const role of ['anon', ...USERS] as const) {
        forbidden(await w.as[role].rpc(fn, args));
      }
      allowed(await w.as.service.rpc(fn, args));
    },
  );
});
