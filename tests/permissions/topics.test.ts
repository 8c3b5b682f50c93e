import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFeedback } from '../integration/db/support.ts';
import {
  allowed,
  denied,
  forbidden,
  rows,
  startWorld,
  type World,
  memberOfX,
} from './support.ts';

// #22 topics: a company's members group feedback of its verified domains;
// another company, an author, anon and a removed member reach none of it;
// authors see a count of others, never who.
let w: World;
let member: Awaited<ReturnType<typeof memberOfX>>;
let topic = '';
let second = '';
beforeAll(async () => {
  w = await startWorld();
  member = await memberOfX(w, 'topic-member@perm.test');
  second = (
    await insertFeedback(w.t, w.id.consumerB, {
      websiteUrl: 'https://example.com/cart',
      title: 'B on example.com',
    })
  ).id;
  const created = await member.client.rpc('create_topic', {
    p_title: 'Cart',
    p_feedback_ids: [w.feedback.a, second],
  });
  allowed(created);
  topic = created.data as string;
});
afterAll(() => w?.t.stop());

const TOPIC_CALLS = (id: () => string) =>
  [
    ['get_topic', () => ({ p_topic_id: id() })],
    ['rename_topic', () => ({ p_topic_id: id(), p_title: 'Taken' })],
    ['set_topic_status', () => ({ p_topic_id: id(), p_status: 'read' })],
    [
      'add_topic_items',
      () => ({ p_topic_id: id(), p_feedback_ids: [w.feedback.b] }),
    ],
    [
      'remove_topic_items',
      () => ({ p_topic_id: id(), p_feedback_ids: [w.feedback.a] }),
    ],
    [
      'split_topic',
      () => ({
        p_topic_id: id(),
        p_feedback_ids: [w.feedback.a],
        p_new_title: 'Split',
      }),
    ],
    ['merge_topics', () => ({ p_topic_id: id(), p_other_id: id() })],
  ] as const;

describe('topics', () => {
  it('members of the company read and change its topics; the owner as well', async () => {
    allowed(await member.client.rpc('get_topic', { p_topic_id: topic }));
    const list = await w.as.companyX.rpc('get_company_topics', {});
    allowed(list, 1);
    expect(list.data).toMatchObject([
      { id: topic, feedback_count: 2, contributor_count: 2 },
    ]);
    allowed(await w.as.companyX.from('feedback_topics').select('id'), 1);
  });

  it.each(TOPIC_CALLS(() => topic))(
    'another company cannot %s',
    async (name, args) => {
      forbidden(await w.as.companyY.rpc(name, args()));
    },
  );

  it('another company cannot group feedback of domains it has not verified', async () => {
    forbidden(
      await w.as.companyY.rpc('create_topic', {
        p_title: 'Theirs',
        p_feedback_ids: [w.feedback.a],
      }),
    );
    // Nor mix its own with another's.
    forbidden(
      await w.as.companyY.rpc('create_topic', {
        p_title: 'Mixed',
        p_feedback_ids: [w.feedback.b, w.feedback.a],
      }),
    );
    denied(await w.as.companyY.from('feedback_topics').select('id'), 'hidden');
    allowed(await w.as.companyY.rpc('get_company_topics', {}), 0);
  });

  it('an author, anon and the admin reach no topic RPC', async () => {
    for (const who of ['consumerA', 'admin'] as const) {
      forbidden(await w.as[who].rpc('get_company_topics', {}));
      forbidden(await w.as[who].rpc('get_topic_proposals', {}));
      forbidden(await w.as[who].rpc('get_topic', { p_topic_id: topic }));
      denied(
        await w.as[who].from('feedback_topic_items').select('topic_id'),
        'hidden',
      );
    }
    forbidden(await w.as.anon.rpc('get_company_topics', {}));
    forbidden(
      await w.as.anon.rpc('get_my_topic_counts', {
        p_feedback_ids: [w.feedback.a],
      }),
    );
  });

  it('authors see how many others reported it, only for their own feedback', async () => {
    const mine = await w.as.consumerA.rpc('get_my_topic_counts', {
      p_feedback_ids: [w.feedback.a, second],
    });
    allowed(mine);
    expect(mine.data).toEqual([{ feedback_id: w.feedback.a, others: 1 }]);
    expect(JSON.stringify(mine.data)).not.toContain(w.id.consumerB);
    const theirs = await w.as.consumerB.rpc('get_my_topic_counts', {
      p_feedback_ids: [w.feedback.a],
    });
    denied(theirs, 'hidden');
  });

  it('the AI job functions are for the service role only', async () => {
    for (const who of ['consumerA', 'companyX', 'anon'] as const) {
      forbidden(
        await w.as[who].rpc('topic_candidates', {
          p_feedback_id: w.feedback.a,
          p_terms: ['cart'],
        }),
      );
      forbidden(
        await w.as[who].rpc('record_topic_placement', {
          p_feedback_id: w.feedback.a,
          p_company_id: w.company.X,
          p_placement: { kind: 'proposal', proposalId: null, members: [] },
        }),
      );
    }
  });

  it('a removed member loses every topic RPC', async () => {
    await rows(
      w,
      `delete from public.company_members where company_id = $1 and user_id = $2`,
      [w.company.X, member.id],
    );
    for (const [name, args] of TOPIC_CALLS(() => topic))
      forbidden(await member.client.rpc(name, args()));
    forbidden(await member.client.rpc('get_company_topics', {}));
    denied(await member.client.from('feedback_topics').select('id'), 'hidden');
  });
});

describe('a domain the company no longer has verified', () => {
  it("hides its feedback from the company's topics and their status changes", async () => {
    allowed(await w.as.companyX.rpc('get_topic', { p_topic_id: topic }));
    await rows(
      w,
      `update public.company_domains set verified_at = null where company_id = $1`,
      [w.company.X],
    );
    const detail = await w.as.companyX.rpc('get_topic', { p_topic_id: topic });
    allowed(detail);
    expect((detail.data as { items: unknown[] }).items).toEqual([]);
    expect(JSON.stringify(detail.data)).not.toContain('A on example.com');
    // The status change skips them instead of failing or reaching them.
    const moved = await w.as.companyX.rpc('set_topic_status', {
      p_topic_id: topic,
      p_status: 'read',
    });
    allowed(moved);
    expect(moved.data).toBe(0);
    const [a] = await rows<{ status: string }>(
      w,
      'select status from public.feedback where id = $1',
      [w.feedback.a],
    );
    expect(a!.status).toBe('pending');
  });
});
