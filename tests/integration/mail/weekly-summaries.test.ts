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
} from '../db/support.ts';

// Issue #22: members who turned on the weekly summary get one e-mail per
// week through send-weekly-summaries: what arrived (by category), rising
// topics, what waits longest (titles only, masked), a link to Insights and
// how to turn it off. The schedulers are off in tests: each run is this
// test's call, with the moment named in the body.
let t: TestBackend;
let company: TestCompany;
let opted: TestUser;
let silent: TestUser;
let author: TestUser;
const DAY = 86_400_000;
// A fixed past week: Monday 2026-10-05 (UTC) to Sunday 2026-10-11.
const WEEK = Date.UTC(2026, 9, 5);
const iso = (ms: number) => new Date(ms).toISOString();

interface Mail {
  to_email: string;
  subject: string;
  body_text: string;
  body_html: string;
  link: string;
}
const mails = () =>
  query<Mail>(
    t,
    `select to_email, subject, body_text, body_html, link from auth.outbox
      where kind = 'weekly_summary' order by created_at, id`,
  );

async function run(now: number) {
  const res = await t.backend.invokeFunction('send-weekly-summaries', {
    now: iso(now),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    queued: number;
    handled: number;
    failed: number;
  };
}

beforeAll(async () => {
  t = await startTestBackend();
  company = await createCompany(t, {
    domain: 'weekly-x.test',
    plan: 'advanced',
  });
  await query(
    t,
    `update public.companies set company_name = 'Weekly Co' where id = $1`,
    [company.companyId],
  );
  opted = await createUser(t);
  silent = await createUser(t);
  author = await createUser(t);
  for (const m of [opted, silent])
    await query(
      t,
      `insert into public.company_members (company_id, user_id, role) values ($1, $2, 'member')`,
      [company.companyId, m.id],
    );
  const ids: string[] = [];
  const rows: [string, string, number][] = [
    ['Checkout fails, write to jane@example.com', 'bug', WEEK - 30 * DAY],
    ['Dark mode please', 'feature', WEEK + DAY],
    ['Pay button hidden', 'bug', WEEK + 2 * DAY],
    ['Faster search', 'improvement', WEEK + 3 * DAY],
    ['Next week already', 'bug', WEEK + 8 * DAY],
  ];
  for (const [title, category, at] of rows)
    ids.push(
      (
        await insertFeedback(t, author.id, {
          title,
          category,
          websiteUrl: 'https://weekly-x.test/p',
          createdAt: iso(at),
        })
      ).id,
    );
  const { id: topic } = await one<{ id: string }>(
    t,
    `insert into public.feedback_topics (company_id, title) values ($1, 'Checkout') returning id`,
    [company.companyId],
  );
  // Two reported in the week, one the week before: rising. All three were
  // put in the topic after the week: the report's day counts (#40 item 4).
  for (const [i, at] of [
    [1, WEEK + DAY],
    [2, WEEK + 2 * DAY],
    [0, WEEK - 3 * DAY],
  ] as const)
    await query(
      t,
      `insert into public.feedback_topic_items (company_id, feedback_id, topic_id, state, reported_at, added_at)
       values ($1, $2, $3, 'confirmed', $4, $5)`,
      [company.companyId, ids[i], topic, iso(at), iso(WEEK + 8 * DAY)],
    );
}, 180_000);
afterAll(() => t?.stop());

describe('send-weekly-summaries', () => {
  it('only the member changes their own choice; off by default', async () => {
    expect((await opted.client.rpc('get_weekly_summary')).data).toBe(false);
    const on = await opted.client.rpc('set_weekly_summary', { p_on: true });
    expect(on.error).toBeNull();
    expect((await opted.client.rpc('get_weekly_summary')).data).toBe(true);
    // The other member's row is untouched.
    expect((await silent.client.rpc('get_weekly_summary')).data).toBe(false);
    const bad = await opted.client.rpc('set_weekly_summary', { p_on: null });
    expect(bad.error?.code).toBe('22023');
    // Not a company member: refused.
    const outsider = await author.client.rpc('set_weekly_summary', {
      p_on: true,
    });
    expect(outsider.error?.code).toBe('42501');
    // Not writable directly.
    await opted.client
      .from('company_members')
      .update({ weekly_summary: false })
      .eq('user_id', opted.id);
    expect((await opted.client.rpc('get_weekly_summary')).data).toBe(true);
  });

  it('e-mails opted-in members once per week with arrivals, rising topics and what waits', async () => {
    const r = await run(WEEK + 7 * DAY + 3_600_000);
    expect(r).toEqual({ queued: 1, handled: 1, failed: 0 });
    const sent = await mails();
    expect(sent).toHaveLength(1);
    const m = sent[0]!;
    expect(m.to_email).toBe(opted.email);
    expect(m.subject).toBe('Weekly Co: your week in feedback (5 Oct – 11 Oct)');
    expect(m.body_text).toContain(
      '3 new feedback: 1 bug, 1 feature request, 1 improvement, 0 other.',
    );
    expect(m.body_text).toContain(
      '- Checkout: 2 this week (1 the week before)',
    );
    // The oldest pending first, masked, no author.
    expect(m.body_text).toMatch(
      /Waiting longest:\n- Checkout fails, write to \[email hidden\] \(waiting 37 days\)\n- Dark mode please/,
    );
    expect(m.body_text).not.toContain('jane@example.com');
    expect(m.body_text).not.toContain(author.email);
    expect(m.link).toMatch(/\/company-dashboard\/insights$/);
    expect(m.body_text).toContain('/company-settings#weekly-summary');
    expect(m.body_html).toContain('<li>Checkout: 2 this week');

    // Again the same week: nothing new.
    expect(await run(WEEK + 7 * DAY + 2 * 3_600_000)).toEqual({
      queued: 0,
      handled: 0,
      failed: 0,
    });
    expect(await mails()).toHaveLength(1);
  });

  it('nothing for a member who turned it off or left', async () => {
    await opted.client.rpc('set_weekly_summary', { p_on: false });
    expect(await run(WEEK + 14 * DAY + 3_600_000)).toMatchObject({
      queued: 0,
    });
    await opted.client.rpc('set_weekly_summary', { p_on: true });
    // Queued, then the member leaves before it is sent: no e-mail.
    await query(t, `select public.queue_weekly_summaries($1)`, [
      iso(WEEK + 21 * DAY + 3_600_000),
    ]);
    await query(t, `delete from public.company_members where user_id = $1`, [
      opted.id,
    ]);
    expect(await run(WEEK + 21 * DAY + 3_600_000)).toEqual({
      queued: 0,
      handled: 1,
      failed: 0,
    });
    expect(await mails()).toHaveLength(1);
  });

  it('clients may not run it or read a summary', async () => {
    const res = await fetch(`${t.url}/functions/v1/send-weekly-summaries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.anonKey}` },
    });
    expect(res.status).toBe(401);
    const read = await company.client.rpc('get_weekly_summary_email', {
      p_job_id: 1,
    });
    expect(read.error).not.toBeNull();
    const queue = await company.client.rpc('queue_weekly_summaries');
    expect(queue.error).not.toBeNull();
  });
});
