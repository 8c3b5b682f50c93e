import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  query,
  type TestCompany,
  type TestUser,
} from './support.ts';

// Issue #21, the inbox at scale: get_company_inbox reads
// private.company_inbox, one row per company and feedback on its verified
// domains, kept by triggers. These tests check the rows follow every change
// (feedback, votes, AI and team priority, assignee, messages, domains), that
// each sort and filter — a member's assignments included — returns what the
// source tables say, in order and paged without gaps, and that a company
// never reaches another's rows.
let t: TestBackend;
let x: TestCompany;
let y: TestCompany;
let free: TestCompany;
let author: TestUser;
let member: TestUser;
const ids: string[] = [];

type Row = {
  id: string;
  total_votes: number;
  assignee_id: string | null;
  team_priority: string | null;
  priority: string | null;
  unanswered: boolean;
  total_count: number;
  created_at: string;
};

const inbox = async (
  who: TestCompany | TestUser,
  args: Record<string, unknown> = {},
): Promise<Row[]> => {
  const { data, error } = await who.client.rpc('get_company_inbox', {
    p_page_size: 100,
    ...args,
  });
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return data as Row[];
};

/**
 * The stored rows differ from what the source tables say, or the counts
 * from the rows (none: in sync).
 */
const drift = async (companyId: string) => [
  ...(await query(
    t,
    `(select website_host, assignee_id, unanswered, category, status, n from private.company_inbox_counts
       where company_id = $1 and n <> 0
      except
      select website_host, assignee_id, unanswered, coalesce(category, ''), coalesce(status, ''), count(*)
        from private.company_inbox where company_id = $1 group by 1, 2, 3, 4, 5)
     union all
     (select website_host, assignee_id, unanswered, coalesce(category, ''), coalesce(status, ''), count(*)
        from private.company_inbox where company_id = $1 group by 1, 2, 3, 4, 5
      except
      select website_host, assignee_id, unanswered, category, status, n from private.company_inbox_counts
       where company_id = $1 and n <> 0)`,
    [companyId],
  )),
  ...(await query(
    t,
    `(select feedback_id, website_host, created_at, votes, category, status, ai_rank, team_rank,
             assignee_id, unanswered from private.company_inbox where company_id = $1
      except
      select distinct feedback_id, website_host, created_at, votes, category, status, ai_rank, team_rank,
             assignee_id, unanswered from private.company_inbox_source($1))
     union all
     (select distinct feedback_id, website_host, created_at, votes, category, status, ai_rank, team_rank,
             assignee_id, unanswered from private.company_inbox_source($1)
      except
      select feedback_id, website_host, created_at, votes, category, status, ai_rank, team_rank,
             assignee_id, unanswered from private.company_inbox where company_id = $1)`,
    [companyId],
  )),
];

beforeAll(async () => {
  t = await startTestBackend();
  x = await createCompany(t, { domain: 'inbox-x.test', plan: 'advanced' });
  y = await createCompany(t, { domain: 'inbox-y.test', plan: 'advanced' });
  free = await createCompany(t, { domain: 'inbox-free.test', plan: 'free' });
  author = await createUser(t);
  member = await createUser(t);
  await query(
    t,
    `insert into public.company_members (company_id, user_id, role) values ($1, $2, 'member')`,
    [x.companyId, member.id],
  );
  // Twelve feedback a minute apart (newest last), on the domain and a
  // subdomain, with votes and AI priorities that do not follow the dates.
  for (let i = 0; i < 12; i++) {
    const fb = await insertFeedback(t, author.id, {
      title: `Inbox ${i}`,
      category: i % 2 ? 'bug' : 'feature',
      websiteUrl: `https://${i % 3 ? '' : 'app.'}inbox-x.test/p/${i}`,
      createdAt: new Date(Date.UTC(2026, 10, 20, 12, i)).toISOString(),
    });
    ids.push(fb.id);
    await query(
      t,
      `update public.feedback set total_votes = $2, upvotes = $2, priority = $3 where id = $1`,
      [fb.id, (i * 7) % 5, ['high', 'medium', 'low', null][i % 4]],
    );
  }
  await insertFeedback(t, author.id, {
    title: 'Elsewhere',
    websiteUrl: 'https://inbox-y.test/p',
  });
  // A cold PGlite start on a busy machine takes most of the default minute.
}, 180_000);
afterAll(() => t?.stop());

describe('the rows follow the data', () => {
  it('a company gets a row per feedback on its verified domains, in sync', async () => {
    const n = await query<{ n: number }>(
      t,
      'select count(*)::int as n from private.company_inbox where company_id = $1',
      [x.companyId],
    );
    expect(n[0]!.n).toBe(12);
    expect(await drift(x.companyId)).toEqual([]);
    expect(await drift(y.companyId)).toEqual([]);
  });

  it('assignments, team priority, messages and votes keep the rows in sync', async () => {
    const assign = await x.client.rpc('set_feedback_assignee', {
      p_feedback_id: ids[3],
      p_assignee: member.id,
    });
    expect(assign.error).toBeNull();
    await x.client.rpc('set_feedback_assignee', {
      p_feedback_id: ids[8],
      p_assignee: member.id,
    });
    await x.client.rpc('set_feedback_assignee', {
      p_feedback_id: ids[5],
      p_assignee: x.id,
    });
    await x.client.rpc('set_feedback_priority', {
      p_feedback_id: ids[0],
      p_priority: 'high',
    });
    const asked = await x.client.rpc('post_company_message', {
      p_feedback_id: ids[1],
      p_body: 'Which browser?',
    });
    expect(asked.error).toBeNull();
    await query(
      t,
      'update public.feedback set total_votes = 40, upvotes = 40 where id = $1',
      [ids[2]],
    );
    expect(await drift(x.companyId)).toEqual([]);
    const row = await query<{ unanswered: boolean; assignee_id: string }>(
      t,
      'select unanswered, assignee_id from private.company_inbox where company_id = $1 and feedback_id = $2',
      [x.companyId, ids[1]],
    );
    expect(row[0]!.unanswered).toBe(false);

    // The author answers: waiting for the team again.
    const reply = await author.client.rpc('post_author_reply', {
      p_feedback_id: ids[1],
      p_company_id: x.companyId,
      p_body: 'Firefox.',
    });
    expect(reply.error).toBeNull();
    expect(await drift(x.companyId)).toEqual([]);
  });

  it('a domain that loses its verification takes its rows; verified again, they return', async () => {
    await query(
      t,
      'update public.company_domains set verified_at = null where company_id = $1',
      [y.companyId],
    );
    expect(await inbox(y)).toEqual([]);
    await query(
      t,
      `update public.company_domains set verified_at = now(), verification_method = 'dns' where company_id = $1`,
      [y.companyId],
    );
    expect((await inbox(y)).map((r) => r.id)).toHaveLength(1);
    expect(await drift(y.companyId)).toEqual([]);
  });
});

describe('sorts and filters', () => {
  const byNewest = (a: Row, b: Row) =>
    b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

  it('filters by a member: only their assignments, with every sort', async () => {
    for (const sort of ['newest', 'votes', 'priority']) {
      const rows = await inbox(x, { p_assignee: member.id, p_sort: sort });
      expect(rows.map((r) => r.id).sort()).toEqual([ids[3], ids[8]].sort());
      expect(rows.every((r) => r.assignee_id === member.id)).toBe(true);
      expect(rows[0]!.total_count).toBe(2);
    }
    // "me" is the caller's own id; the owner has one.
    expect((await inbox(x, { p_assignee: 'me' })).map((r) => r.id)).toEqual([
      ids[5],
    ]);
    expect(
      (await inbox(member, { p_assignee: 'me' })).map((r) => r.id).sort(),
    ).toEqual([ids[3], ids[8]].sort());
    expect(await inbox(x, { p_assignee: y.id })).toEqual([]);
    const none = await inbox(x, { p_assignee: 'none' });
    expect(none).toHaveLength(9);
    expect(none.every((r) => r.assignee_id === null)).toBe(true);
  });

  it('orders as the source tables say, and pages without gaps or repeats', async () => {
    const all = await inbox(x);
    expect(all.map((r) => r.id)).toEqual(
      [...all].sort(byNewest).map((r) => r.id),
    );
    const byVotes = await inbox(x, { p_sort: 'votes' });
    expect(byVotes[0]!.id).toBe(ids[2]);
    expect(byVotes.map((r) => r.id)).toEqual(
      [...all]
        .sort((a, b) => b.total_votes - a.total_votes || byNewest(a, b))
        .map((r) => r.id),
    );
    // Unlimited plan: the team's priority, else the AI's.
    const rank = (r: Row) =>
      ({ high: 0, medium: 1, low: 2 })[
        (r.team_priority ?? r.priority) as 'high'
      ] ?? 3;
    const byPriority = await inbox(x, { p_sort: 'priority' });
    expect(byPriority.map((r) => r.id)).toEqual(
      [...all]
        .sort((a, b) => rank(a) - rank(b) || byNewest(a, b))
        .map((r) => r.id),
    );
    for (const sort of ['newest', 'votes', 'priority']) {
      const whole = (await inbox(x, { p_sort: sort })).map((r) => r.id);
      const paged: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const rows = await inbox(x, {
          p_sort: sort,
          p_page: page,
          p_page_size: 5,
        });
        paged.push(...rows.map((r) => r.id));
        if (rows.length) expect(rows[0]!.total_count).toBe(12);
      }
      expect(paged).toEqual(whole);
    }
  });

  it('combines with category, unanswered and the subdomain filter', async () => {
    const bugs = await inbox(x, {
      p_category: 'bug',
      p_sort: 'votes',
      p_assignee: 'none',
    });
    expect(bugs.length).toBeGreaterThan(0);
    expect(bugs[0]!.total_count).toBe(bugs.length);
    // A date range is no cell of the counts: its total is counted.
    const late = await inbox(x, {
      p_from: new Date(Date.UTC(2026, 10, 20, 12, 6)).toISOString(),
      p_page_size: 2,
    });
    expect(late).toHaveLength(2);
    expect(late[0]!.total_count).toBe(6);
    const unanswered = await inbox(x, { p_unanswered: true });
    expect(unanswered.map((r) => r.id)).toContain(ids[1]);
    expect(unanswered.every((r) => r.unanswered)).toBe(true);
    const sub = await inbox(x, { p_domain: 'app.inbox-x.test' });
    expect(sub.map((r) => r.id).sort()).toEqual(
      [ids[0], ids[3], ids[6], ids[9]].sort(),
    );
  });

  it('on a plan with a view allowance the AI priority counts only once opened', async () => {
    const a = await insertFeedback(t, author.id, {
      websiteUrl: 'https://inbox-free.test/a',
      createdAt: new Date(Date.UTC(2026, 10, 20, 9)).toISOString(),
    });
    const b = await insertFeedback(t, author.id, {
      websiteUrl: 'https://inbox-free.test/b',
      createdAt: new Date(Date.UTC(2026, 10, 20, 10)).toISOString(),
    });
    const c = await insertFeedback(t, author.id, {
      websiteUrl: 'https://inbox-free.test/c',
      createdAt: new Date(Date.UTC(2026, 10, 20, 11)).toISOString(),
    });
    await query(
      t,
      `update public.feedback set priority = 'high' where id = any($1::uuid[])`,
      [[a.id, b.id]],
    );
    // Nothing opened: the dates decide (newest first).
    expect(
      (await inbox(free, { p_sort: 'priority' })).map((r) => r.id),
    ).toEqual([c.id, b.id, a.id]);
    // Opened, the oldest's high AI priority counts; the team's counts always.
    const opened = await free.client.rpc('record_feedback_view', {
      feedback_uuid: a.id,
    });
    expect(opened.error).toBeNull();
    expect(
      (await inbox(free, { p_sort: 'priority' })).map((r) => r.id),
    ).toEqual([a.id, c.id, b.id]);
    await free.client.rpc('set_feedback_priority', {
      p_feedback_id: c.id,
      p_priority: 'low',
    });
    const rows = await inbox(free, { p_sort: 'priority' });
    expect(rows.map((r) => r.id)).toEqual([a.id, c.id, b.id]);
    const paged = [
      ...(await inbox(free, { p_sort: 'priority', p_page_size: 1 })),
      ...(await inbox(free, { p_sort: 'priority', p_page_size: 1, p_page: 2 })),
      ...(await inbox(free, { p_sort: 'priority', p_page_size: 1, p_page: 3 })),
    ].map((r) => r.id);
    expect(paged).toEqual([a.id, c.id, b.id]);
    await free.client.rpc('set_feedback_priority', {
      p_feedback_id: b.id,
      p_priority: 'medium',
    });
    expect(
      (await inbox(free, { p_sort: 'priority' })).map((r) => r.id),
    ).toEqual([a.id, b.id, c.id]);
  });

  it("a company never reaches another's rows, whatever the filter", async () => {
    const yRows = await inbox(y, { p_assignee: member.id });
    expect(yRows).toEqual([]);
    for (const sort of ['newest', 'votes', 'priority']) {
      const rows = await inbox(y, { p_sort: sort });
      expect(rows.some((r) => ids.includes(r.id))).toBe(false);
    }
    const { data, error } = await author.client.rpc('get_company_inbox', {});
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
    const direct = await x.client
      .schema('private' as 'public')
      .from('company_inbox' as 'feedback')
      .select('*');
    expect(direct.data ?? []).toEqual([]);
    expect(direct.error).not.toBeNull();
  });
});
