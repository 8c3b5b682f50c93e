import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_COMPLETED_POINTS } from '../../../shared/domain/points.ts';
import { handler } from '../../../supabase/functions/process-feedback/handler.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  query,
  type TestCompany,
  type TestUser,
} from './support.ts';

// #22 Topics: the AI job proposes groups of similar feedback, a member
// confirms them as a topic, new similar feedback joins it as suggested, the
// counts roll up, a status change reaches every author once, and nothing
// crosses to feedback of domains the company has not verified.
let t: TestBackend;
let x: TestCompany;
let y: TestCompany;
let unverified: TestCompany;
const authors: TestUser[] = [];
const dark: string[] = [];
let unrelated = '';
let elsewhere = '';

const DARK = [
  [
    'Dark mode',
    'Please add a dark mode, the white pages hurt my eyes at night.',
  ],
  ['Dark theme please', 'Would love a dark theme for the dashboard at night.'],
  ['Night mode', 'Please add a night mode, the screen is too bright at night.'],
  [
    'Dark mode request',
    'I would like a dark mode option, white hurts my eyes.',
  ],
];

async function processAll(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const res = await t.backend.invokeFunction('process-feedback', {
      queue: 'feedback_processing',
    });
    await res.body?.cancel();
    const [left] = await query<{ n: number }>(
      t,
      `select count(*)::int as n from private.feedback_processing_jobs where status in ('pending', 'running')`,
    );
    if (left!.n === 0) return;
  }
  throw new Error('the AI queue did not drain');
}

const rpc = async <T>(
  who: { client: TestUser['client'] },
  name: string,
  args: Record<string, unknown>,
): Promise<T> => {
  const { data, error } = await who.client.rpc(name, args);
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return data as T;
};

const refused = async (
  who: { client: TestUser['client'] },
  name: string,
  args: Record<string, unknown>,
) => {
  const { error } = await who.client.rpc(name, args);
  expect(error).not.toBeNull();
  return error!;
};

beforeAll(async () => {
  t = await startTestBackend();
  x = await createCompany(t, { domain: 'topics-x.test', plan: 'advanced' });
  y = await createCompany(t, { domain: 'topics-y.test', plan: 'advanced' });
  unverified = await createCompany(t, {
    domain: 'topics-u.test',
    verified: false,
  });
  for (let i = 0; i < 4; i++) authors.push(await createUser(t));
  for (const [i, [title, description]] of DARK.entries()) {
    const fb = await insertFeedback(t, authors[i]!.id, {
      title,
      description,
      websiteUrl: `https://topics-x.test/p/${i}`,
    });
    dark.push(fb.id);
  }
  unrelated = (
    await insertFeedback(t, authors[0]!.id, {
      title: 'Checkout crash',
      description: 'The checkout crashes when I pay with PayPal.',
      websiteUrl: 'https://topics-x.test/checkout',
    })
  ).id;
  elsewhere = (
    await insertFeedback(t, authors[1]!.id, {
      title: 'Dark mode',
      description: 'Please add a dark mode, the white pages hurt my eyes.',
      websiteUrl: 'https://topics-y.test/p',
    })
  ).id;
  await insertFeedback(t, authors[2]!.id, {
    title: 'Dark mode',
    description: 'Please add a dark mode.',
    websiteUrl: 'https://topics-u.test/p',
  });
  await processAll();
}, 180_000);
afterAll(() => t?.stop());

type Proposal = {
  id: string;
  title: string;
  feedback_ids: string[];
  feedback_count: number;
};
type TopicRow = {
  id: string;
  title: string;
  status: string;
  feedback_count: number;
  contributor_count: number;
  votes: number;
  suggested_count: number;
  trend: number;
  total_count: number;
};

describe('topics', () => {
  let topic = '';

  it('the AI job proposes the similar feedback of a company, and only its own', async () => {
    const proposals = await rpc<Proposal[]>(x, 'get_topic_proposals', {});
    expect(proposals).toHaveLength(1);
    expect([...proposals[0]!.feedback_ids].sort()).toEqual([...dark].sort());
    expect(proposals[0]!.feedback_count).toBe(4);
    expect(proposals[0]!.title).toBe('Dark mode');
    expect(proposals[0]!.feedback_ids).not.toContain(unrelated);
    // Company Y has one dark-mode feedback: no group, and never X's.
    expect(await rpc<Proposal[]>(y, 'get_topic_proposals', {})).toEqual([]);
    // Terms are kept per company, for the company's own feedback only.
    const [terms] = await query<{ n: number }>(
      t,
      `select count(*)::int as n from private.feedback_topic_terms where company_id = $1 and feedback_id = $2`,
      [x.companyId, elsewhere],
    );
    expect(terms!.n).toBe(0);
  });

  it('a member confirms the proposal as a topic with rolled-up counts', async () => {
    await query(
      t,
      `update public.feedback set total_votes = 3, upvotes = 3 where id = $1`,
      [dark[0]],
    );
    const [proposal] = await rpc<Proposal[]>(x, 'get_topic_proposals', {});
    topic = await rpc<string>(x, 'create_topic', {
      p_title: 'Dark mode',
      p_feedback_ids: proposal!.feedback_ids,
    });
    const [row] = await rpc<TopicRow[]>(x, 'get_company_topics', {
      p_sort: 'contributors',
    });
    expect(row).toMatchObject({
      id: topic,
      title: 'Dark mode',
      status: 'pending',
      feedback_count: 4,
      contributor_count: 4,
      votes: 3,
      suggested_count: 0,
      trend: 4,
      total_count: 1,
    });
    // The proposal is gone once its feedback is in a topic.
    expect(await rpc<Proposal[]>(x, 'get_topic_proposals', {})).toEqual([]);
    // A vote moves the rolled-up votes.
    await query(t, `update public.feedback set total_votes = 5 where id = $1`, [
      dark[1],
    ]);
    const [again] = await rpc<TopicRow[]>(x, 'get_company_topics', {
      p_sort: 'votes',
    });
    expect(again!.votes).toBe(8);
  });

  it('new similar feedback joins the confirmed topic as suggested; its author sees only a count', async () => {
    const newcomer = await createUser(t);
    const fb = await insertFeedback(t, newcomer.id, {
      title: 'Dark mode please',
      description: 'Please add a dark mode, white pages hurt my eyes at night.',
      websiteUrl: 'https://topics-x.test/late',
    });
    await processAll();
    const [item] = await query<{ topic_id: string; state: string }>(
      t,
      'select topic_id, state from public.feedback_topic_items where feedback_id = $1',
      [fb.id],
    );
    expect(item).toEqual({ topic_id: topic, state: 'suggested' });
    const counts = await rpc<{ feedback_id: string; others: number }[]>(
      newcomer,
      'get_my_topic_counts',
      { p_feedback_ids: [fb.id, dark[0]] },
    );
    // Only the caller's own feedback, and a count, never who.
    expect(counts).toEqual([{ feedback_id: fb.id, others: 4 }]);
    const mine = await rpc<{ feedback_id: string; others: number }[]>(
      authors[0]!,
      'get_my_topic_counts',
      { p_feedback_ids: [dark[0]] },
    );
    expect(mine).toEqual([{ feedback_id: dark[0], others: 3 }]);
    // The member confirms it; the counts follow.
    expect(
      await rpc<number>(x, 'add_topic_items', {
        p_topic_id: topic,
        p_feedback_ids: [fb.id],
      }),
    ).toBe(1);
    const detail = await rpc<{
      feedback_count: number;
      contributor_count: number;
      items: { state: string }[];
    }>(x, 'get_topic', { p_topic_id: topic });
    expect(detail.feedback_count).toBe(5);
    expect(detail.contributor_count).toBe(5);
    expect(detail.items.every((i) => i.state === 'confirmed')).toBe(true);
    expect(JSON.stringify(detail)).not.toContain(newcomer.id);
    await rpc(x, 'remove_topic_items', {
      p_topic_id: topic,
      p_feedback_ids: [fb.id],
    });
  });

  it('the hosted database webhook places new feedback too', async () => {
    const late = await createUser(t);
    const { id } = await insertFeedback(t, late.id, {
      title: 'Dark mode',
      description: 'Please add a dark mode, my eyes hurt at night.',
      websiteUrl: 'https://topics-x.test/hook',
    });
    const res = await handler(
      new Request('http://functions/process-feedback', {
        method: 'POST',
        headers: { authorization: `Bearer ${t.serviceRoleKey}` },
        body: JSON.stringify({
          type: 'INSERT',
          table: 'feedback',
          record: { id },
        }),
      }),
      { SUPABASE_URL: t.url, SUPABASE_SERVICE_ROLE_KEY: t.serviceRoleKey },
    );
    expect(res.status).toBe(200);
    const [item] = await query<{ topic_id: string; state: string }>(
      t,
      'select topic_id, state from public.feedback_topic_items where feedback_id = $1',
      [id],
    );
    expect(item).toEqual({ topic_id: topic, state: 'suggested' });
    // Its queued job runs too, and finds it placed already.
    await processAll();
    await rpc(x, 'remove_topic_items', {
      p_topic_id: topic,
      p_feedback_ids: [id],
    });
  });

  it('a status change reaches every author once, with notification and XP', async () => {
    const moved = await rpc<number>(x, 'set_topic_status', {
      p_topic_id: topic,
      p_status: 'completed',
    });
    expect(moved).toBe(4);
    const statuses = await query<{ status: string }>(
      t,
      'select distinct status from public.feedback where id = any($1)',
      [dark],
    );
    expect(statuses).toEqual([{ status: 'completed' }]);
    // One notification per author for the topic, with the verdict's XP,
    // instead of a "completed" per feedback (docs/public-page.md).
    const notes = await query<{ user_id: string; n: number; xp: number }>(
      t,
      `select user_id, count(*)::int as n, max(xp)::int as xp from public.notifications
        where kind = 'topic_completed' and feedback_id = any($1) group by user_id`,
      [dark],
    );
    expect(notes.map((n) => [n.n, n.xp])).toEqual(
      Array(4).fill([1, FEEDBACK_COMPLETED_POINTS]),
    );
    expect(
      await query(
        t,
        `select 1 from public.notifications
          where kind = 'feedback_status' and new_status = 'completed' and feedback_id = any($1)`,
        [dark],
      ),
    ).toEqual([]);
    const xp = await query<{ points: number }>(
      t,
      `select points from public.user_points where feedback_id = any($1) and action_type = 'feedback_completed'`,
      [dark],
    );
    expect(xp.map((p) => p.points)).toEqual(
      Array(4).fill(FEEDBACK_COMPLETED_POINTS),
    );
    // Again: nothing moves, nobody is notified twice.
    expect(
      await rpc<number>(x, 'set_topic_status', {
        p_topic_id: topic,
        p_status: 'completed',
      }),
    ).toBe(0);
    const [topicRow] = await query<{ status: string; completed: boolean }>(
      t,
      'select status, completed_at is not null as completed from public.feedback_topics where id = $1',
      [topic],
    );
    expect(topicRow).toEqual({ status: 'completed', completed: true });
    // can_transition holds for the topic: completed never goes back to read.
    expect(
      (
        await refused(x, 'set_topic_status', {
          p_topic_id: topic,
          p_status: 'read',
        })
      ).code,
    ).toBe('22023');
  });

  it('split, merge and rename keep the counts', async () => {
    const other = await rpc<string>(x, 'split_topic', {
      p_topic_id: topic,
      p_feedback_ids: [dark[3]],
      p_new_title: 'Dark mode (eyes)',
    });
    const rows = await rpc<TopicRow[]>(x, 'get_company_topics', {
      p_sort: 'contributors',
    });
    expect(rows.map((r) => [r.id, r.feedback_count])).toEqual([
      [topic, 3],
      [other, 1],
    ]);
    expect(rows[1]!.status).toBe('completed');
    expect(
      await rpc<number>(x, 'merge_topics', {
        p_topic_id: topic,
        p_other_id: other,
      }),
    ).toBe(1);
    expect(
      await rpc<string>(x, 'rename_topic', {
        p_topic_id: topic,
        p_title: '  Dark theme ',
      }),
    ).toBe('Dark theme');
    const [merged] = await rpc<TopicRow[]>(x, 'get_company_topics', {});
    expect(merged).toMatchObject({
      title: 'Dark theme',
      feedback_count: 4,
      total_count: 1,
    });
  });

  it('refuses feedback of domains the company has not verified, and other companies', async () => {
    const e1 = await refused(x, 'create_topic', {
      p_title: 'Mixed',
      p_feedback_ids: [dark[0], elsewhere],
    });
    expect(e1.code).toBe('42501');
    expect(e1.message).toMatch(/verified domains/);
    const [own] = await query<{ id: string }>(
      t,
      `select id from public.feedback where website_host = 'topics-u.test'`,
    );
    expect(
      (
        await refused(unverified, 'create_topic', {
          p_title: 'Mine',
          p_feedback_ids: [own!.id],
        })
      ).code,
    ).toBe('42501');
    expect((await refused(y, 'get_topic', { p_topic_id: topic })).code).toBe(
      '42501',
    );
    expect(
      (
        await refused(y, 'merge_topics', {
          p_topic_id: topic,
          p_other_id: topic,
        })
      ).code,
    ).toBe('42501');
    expect(
      (
        await refused(y, 'set_topic_status', {
          p_topic_id: topic,
          p_status: 'rejected',
        })
      ).code,
    ).toBe('42501');
    expect((await refused(authors[0]!, 'get_company_topics', {})).code).toBe(
      '42501',
    );
  });

  it('bounds sizes and rejects bad input with clear errors', async () => {
    const many = Array.from({ length: 501 }, () => crypto.randomUUID());
    expect(
      (
        await refused(x, 'create_topic', {
          p_title: 'Big',
          p_feedback_ids: many,
        })
      ).message,
    ).toMatch(/at most 500/);
    expect(
      (
        await refused(x, 'create_topic', {
          p_title: ' ',
          p_feedback_ids: [unrelated],
        })
      ).message,
    ).toMatch(/1 to 120/);
    expect(
      (
        await refused(x, 'create_topic', {
          p_title: 'None',
          p_feedback_ids: [],
        })
      ).message,
    ).toMatch(/at least one/);
    expect(
      (await refused(x, 'get_company_topics', { p_sort: 'newest' })).message,
    ).toMatch(/contributors, votes or trend/);
    expect(
      (
        await refused(x, 'set_topic_status', {
          p_topic_id: topic,
          p_status: 'done',
        })
      ).code,
    ).toBe('22023');
    // Confirmed feedback of a topic cannot be grabbed by another one.
    expect(
      (
        await refused(x, 'create_topic', {
          p_title: 'Grab',
          p_feedback_ids: [dark[0]],
        })
      ).message,
    ).toMatch(/already in another topic/);
    const page = await rpc<TopicRow[]>(x, 'get_company_topics', {
      p_page_size: 1000,
    });
    expect(page.length).toBeLessThanOrEqual(50);
  });
});
