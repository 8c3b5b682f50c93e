import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  one,
  query,
  type TestCompany,
  type TestUser,
} from './support.ts';

// Issue #22, Insights: get_company_insights counts the caller's company's
// feedback on its verified domains per week (category, sentiment,
// answered), the time to completed, top and rising topics — from
// private.company_insight_weeks and private.company_inbox, kept by triggers.
// A known fixture, relative to the current UTC week.
let t: TestBackend;
let x: TestCompany;
let y: TestCompany;
let unverified: TestCompany;
let first: TestUser;
let second: TestUser;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.now();
const monday = (() => {
  const d = new Date(now);
  const back = (d.getUTCDay() + 6) % 7;
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - back);
})();
const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => iso(ms).slice(0, 10);
const fb: Record<string, string> = {};

interface Week {
  week: string;
  total: number;
  answered: number;
  bug: number;
  feature: number;
  improvement: number;
  other: number;
  uncategorised: number;
  positive: number;
  neutral: number;
  negative: number;
  unknown: number;
}
interface Insights {
  weeks: number;
  from: string;
  total: number;
  answered: number;
  per_week: Week[];
  completion: {
    completed: number;
    median_hours: number | null;
    p75_hours: number | null;
  };
  completion_per_week: { week: string; completed: number }[];
  top_topics: {
    title: string;
    feedback: number;
    contributors: number;
    status: string;
  }[];
  rising_topics: { title: string; recent: number; previous: number }[];
}

const insights = async (who: TestUser, weeks?: number): Promise<Insights> => {
  const { data, error } = await who.client.rpc(
    'get_company_insights',
    weeks === undefined ? {} : { p_weeks: weeks },
  );
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return data as Insights;
};

async function add(
  key: string,
  author: TestUser,
  host: string,
  createdAt: number,
  category: string,
  sentiment: string | null,
) {
  const row = await insertFeedback(t, author.id, {
    title: `Insight ${key}`,
    category,
    websiteUrl: `https://${host}/p/${key}`,
    createdAt: iso(createdAt),
  });
  fb[key] = row.id;
  await query(t, `update public.feedback set sentiment = $2 where id = $1`, [
    row.id,
    sentiment,
  ]);
}

async function complete(key: string, hoursAfter: number) {
  await query(t, `update public.feedback set status = 'read' where id = $1`, [
    fb[key],
  ]);
  await query(
    t,
    `update public.feedback set status = 'completed' where id = $1`,
    [fb[key]],
  );
  // The moment it became completed, placed for the fixture.
  await query(
    t,
    `update public.feedback set status_changed_at = created_at + make_interval(hours => $2) where id = $1`,
    [fb[key], hoursAfter],
  );
}

/** Items: [feedback, days ago it joined the topic, state, days ago it was reported (default: the same)]. */
async function topic(
  company: TestCompany,
  title: string,
  items: [string, number, 'confirmed' | 'suggested', number?][],
) {
  const { id } = await one<{ id: string }>(
    t,
    `insert into public.feedback_topics (company_id, title) values ($1, $2) returning id`,
    [company.companyId, title],
  );
  for (const [key, daysAgo, state, reportedDaysAgo] of items)
    await query(
      t,
      `insert into public.feedback_topic_items (company_id, feedback_id, topic_id, state, added_at, reported_at)
       values ($1, $2, $3, $4, $5, $6)`,
      [
        company.companyId,
        fb[key],
        id,
        state,
        iso(now - daysAgo * DAY),
        iso(now - (reportedDaysAgo ?? daysAgo) * DAY),
      ],
    );
}

/** Cells that differ from a recount of the inbox rows (none: in sync). */
const drift = (companyId: string) =>
  query(
    t,
    `(select week, category, sentiment, answered, n from private.company_insight_weeks
       where company_id = $1 and n <> 0
      except
      select private.insight_week(created_at), coalesce(category, ''), coalesce(sentiment, ''),
             private.insight_answered(replied, status), count(*)
        from private.company_inbox where company_id = $1 group by 1, 2, 3, 4)
     union all
     (select private.insight_week(created_at), coalesce(category, ''), coalesce(sentiment, ''),
             private.insight_answered(replied, status), count(*)
        from private.company_inbox where company_id = $1 group by 1, 2, 3, 4
      except
      select week, category, sentiment, answered, n from private.company_insight_weeks
       where company_id = $1 and n <> 0)`,
    [companyId],
  );

beforeAll(async () => {
  t = await startTestBackend();
  x = await createCompany(t, { domain: 'insights-x.test', plan: 'free' });
  y = await createCompany(t, { domain: 'insights-y.test', plan: 'advanced' });
  unverified = await createCompany(t, {
    domain: 'insights-z.test',
    verified: false,
  });
  first = await createUser(t);
  second = await createUser(t);
  const week = monday + 1000;
  await add('A', first, 'insights-x.test', week, 'bug', 'positive');
  await add('B', first, 'insights-x.test', week, 'feature', 'negative');
  await add('C', first, 'insights-x.test', week, 'feature', 'neutral');
  await add('H', second, 'app.insights-x.test', week, 'bug', null);
  await add(
    'D',
    second,
    'insights-x.test',
    monday - 3 * DAY,
    'improvement',
    'positive',
  );
  await add('E', first, 'insights-x.test', monday - 3 * DAY, 'other', null);
  await add(
    'F',
    first,
    'insights-x.test',
    monday - 20 * DAY,
    'bug',
    'negative',
  );
  await add(
    'G',
    first,
    'insights-x.test',
    monday - 20 * 7 * DAY,
    'bug',
    'negative',
  );
  await add('Y', first, 'insights-y.test', week, 'bug', 'negative');
  await add('Z', first, 'insights-z.test', week, 'bug', 'negative');
  await add('elsewhere', first, 'example.com', week, 'bug', 'negative');
  // A: the company wrote to the author; C: only read; E: in progress.
  await query(
    t,
    `insert into public.feedback_messages (feedback_id, company_id, company_name, from_author, body)
     values ($1, $2, 'X', false, 'Which browser?')`,
    [fb.A, x.companyId],
  );
  await query(t, `update public.feedback set status = 'read' where id = $1`, [
    fb.C,
  ]);
  await query(t, `update public.feedback set status = 'read' where id = $1`, [
    fb.E,
  ]);
  await query(
    t,
    `update public.feedback set status = 'in_progress' where id = $1`,
    [fb.E],
  );
  await complete('D', 48);
  await complete('F', 24);
  await topic(x, 'Checkout', [
    ['A', 1, 'confirmed'],
    ['B', 1, 'confirmed'],
    ['D', 10, 'confirmed'],
  ]);
  await topic(x, 'Dark mode', [
    ['C', 2, 'confirmed'],
    ['E', 9, 'confirmed'],
    ['F', 9, 'confirmed'],
    // Not on a verified domain of x: not counted.
    ['elsewhere', 1, 'confirmed'],
  ]);
  await topic(x, 'Only suggested', [
    ['H', 1, 'suggested'],
    ['G', 1, 'suggested'],
  ]);
}, 180_000);
afterAll(() => t?.stop());

describe('get_company_insights', () => {
  it('counts the week by category, sentiment and answered, on verified domains only', async () => {
    const r = await insights(x);
    expect(r.weeks).toBe(12);
    expect(r.from).toBe(day(monday - 11 * 7 * DAY));
    expect(r.per_week).toHaveLength(12);
    expect(r.total).toBe(7);
    expect(r.answered).toBe(4);
    const thisWeek = r.per_week[11]!;
    expect(thisWeek).toEqual({
      week: day(monday),
      total: 4,
      answered: 1,
      bug: 2,
      feature: 2,
      improvement: 0,
      other: 0,
      uncategorised: 0,
      positive: 1,
      neutral: 1,
      negative: 1,
      unknown: 1,
    });
    expect(r.per_week[10]).toMatchObject({
      week: day(monday - 7 * DAY),
      total: 2,
      answered: 2,
      improvement: 1,
      other: 1,
      positive: 1,
      unknown: 1,
    });
    expect(r.per_week.reduce((s, w) => s + w.total, 0)).toBe(7);
    // 52 weeks reach G, twenty weeks back.
    expect((await insights(x, 52)).total).toBe(8);
  });

  it('times completion from arrival: median and p75 hours of the period', async () => {
    const r = await insights(x);
    expect(r.completion).toEqual({
      completed: 2,
      median_hours: 36,
      p75_hours: 42,
    });
    expect(r.completion_per_week.reduce((s, w) => s + w.completed, 0)).toBe(2);
    // One week: neither was completed this week.
    expect((await insights(x, 1)).completion.completed).toBe(
      [48, 24].filter(
        (h, i) =>
          (i === 0 ? monday - 3 * DAY : monday - 20 * DAY) + h * HOUR >= monday,
      ).length,
    );
  });

  it('top topics by confirmed feedback then contributors; rising by the last 7 days', async () => {
    const r = await insights(x);
    expect(
      r.top_topics.map((p) => [p.title, p.feedback, p.contributors]),
    ).toEqual([
      ['Checkout', 3, 2],
      ['Dark mode', 3, 1],
    ]);
    expect(r.rising_topics.map((p) => [p.title, p.recent, p.previous])).toEqual(
      [['Checkout', 2, 1]],
    );
  });

  it('follows messages, sentiment and status as they change', async () => {
    const before = (await insights(x)).per_week[11]!;
    await query(
      t,
      `insert into public.feedback_messages (feedback_id, company_id, company_name, from_author, body)
       values ($1, $2, 'X', false, 'Thanks, we are on it.')`,
      [fb.C, x.companyId],
    );
    await query(
      t,
      `update public.feedback set sentiment = 'positive' where id = $1`,
      [fb.H],
    );
    const after = (await insights(x)).per_week[11]!;
    expect(after.answered).toBe(before.answered + 1);
    expect(after.positive).toBe(before.positive + 1);
    expect(after.unknown).toBe(before.unknown - 1);
    await query(
      t,
      `delete from public.feedback_messages where feedback_id = $1`,
      [fb.C],
    );
    expect((await insights(x)).per_week[11]!.answered).toBe(before.answered);
    expect(await drift(x.companyId)).toEqual([]);
    expect(await drift(y.companyId)).toEqual([]);
  });

  it('each company sees only its own; unverified domains count nothing', async () => {
    expect((await insights(y)).total).toBe(1);
    expect((await insights(y)).top_topics).toEqual([]);
    expect((await insights(unverified)).total).toBe(0);
    const { error } = await first.client.rpc('get_company_insights');
    expect(error?.code).toBe('42501');
    const anon = await t.client().rpc('get_company_insights');
    expect(anon.error).not.toBeNull();
  });

  it('refuses weeks outside 1..52', async () => {
    for (const p_weeks of [0, 53, -1]) {
      const { error } = await x.client.rpc('get_company_insights', {
        p_weeks,
      });
      expect(error?.code).toBe('22023');
      expect(error?.message).toBe('Choose between 1 and 52 weeks.');
    }
  });

  it('a domain verified later brings its feedback in; unverified takes it out', async () => {
    await query(
      t,
      `update public.company_domains set verified_at = now(), verification_method = 'dns' where company_id = $1`,
      [unverified.companyId],
    );
    expect((await insights(unverified)).total).toBe(1);
    await query(
      t,
      `update public.company_domains set verified_at = null where company_id = $1`,
      [unverified.companyId],
    );
    expect((await insights(unverified)).total).toBe(0);
    expect(await drift(unverified.companyId)).toEqual([]);
  });
});

describe('get_company_insights top topics among many', () => {
  // Each topic's items give an upper bound of its count; only topics that can
  // still enter the 20 largest are counted through the verified domains. A
  // topic large by items but whose feedback is not on the company's verified
  // domains must not push out the real top ones.
  it('counts only feedback on verified domains, however large the topic looks', async () => {
    const w = await createCompany(t, { domain: 'insights-w.test' });
    const author = await createUser(t);
    const topicOf = async (
      title: string,
      onDomain: number,
      elsewhere: number,
    ) => {
      const { id } = await one<{ id: string }>(
        t,
        `insert into public.feedback_topics (company_id, title) values ($1, $2) returning id`,
        [w.companyId, title],
      );
      await query(
        t,
        `with f as (
           insert into public.feedback (user_id, title, description, category, company_name, website_url, created_at)
           select $1, $2 || ' ' || g, 'A description of the problem.', 'bug', 'W',
                  case when g <= $3 then 'https://insights-w.test/p/' else 'https://elsewhere-w.test/p/' end || g,
                  now() - interval '1 day'
             from generate_series(1, $3::int + $4::int) g
           returning id, created_at)
         insert into public.feedback_topic_items (company_id, feedback_id, topic_id, state, reported_at)
         select $5, f.id, $6, 'confirmed', f.created_at from f`,
        [author.id, title, onDomain, elsewhere, w.companyId, id],
      );
    };
    await topicOf('Gone', 0, 40);
    await topicOf('Mostly gone', 5, 25);
    for (let k = 1; k <= 24; k++)
      await topicOf(`T${String(k).padStart(2, '0')}`, k, 0);
    const r = await insights(w, 4);
    expect(
      r.top_topics.map((p) => [p.title, p.feedback, p.contributors]),
    ).toEqual([
      ['T24', 24, 1],
      ['T23', 23, 1],
      ['T22', 22, 1],
      ['T21', 21, 1],
      ['T20', 20, 1],
    ]);
    // The same answer as counting every item through the inbox.
    const brute = await query<{ title: string; n: number }>(
      t,
      `select t.title, count(*)::int as n
         from public.feedback_topic_items it
         join private.company_inbox i on i.company_id = it.company_id and i.feedback_id = it.feedback_id
         join public.feedback_topics t on t.id = it.topic_id
        where it.company_id = $1 and it.state = 'confirmed'
        group by t.title order by count(*) desc, t.title desc limit 5`,
      [w.companyId],
    );
    expect(brute.map((b) => [b.title, b.n])).toEqual(
      r.top_topics.map((p) => [p.title, p.feedback]),
    );
  });
});

describe('one trend for a topic (#40 item 4)', () => {
  it('counts by the day feedback was reported, in Insights and the topic list alike', async () => {
    // Two reports of ten days ago and one of yesterday, all put in the topic
    // today: the topic is falling (1 against 2), not rising (3 against 0).
    for (const [key, daysAgo] of [
      ['K1', 10],
      ['K2', 10],
      ['K3', 1],
    ] as const)
      await add(
        key,
        first,
        'insights-y.test',
        now - daysAgo * DAY,
        'bug',
        null,
      );
    await topic(y, 'Search', [
      ['K1', 0, 'confirmed', 10],
      ['K2', 0, 'confirmed', 10],
      ['K3', 0, 'confirmed', 1],
    ]);
    const r = await insights(y);
    expect(r.rising_topics.map((p) => p.title)).not.toContain('Search');
    const { data, error } = await y.client.rpc('get_company_topics', {
      p_sort: 'trend',
    });
    expect(error).toBeNull();
    const rows = data as { title: string; trend: number }[];
    expect(rows.find((row) => row.title === 'Search')?.trend).toBe(-1);
    const byVotes = await y.client.rpc('get_company_topics', {
      p_sort: 'votes',
    });
    expect(
      (byVotes.data as { title: string; trend: number }[]).find(
        (row) => row.title === 'Search',
      )?.trend,
    ).toBe(-1);
  });
});
