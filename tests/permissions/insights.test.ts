import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowed,
  forbidden,
  rows,
  startWorld,
  type World,
  memberOfX,
} from './support.ts';

// #22: Insights count only the caller's company's feedback; the weekly
// summary choice is each member's own. Each case fails when its protection
// is removed (the membership check, the company scoping, the RPC-only write,
// the service-only job functions).
let w: World;
let member: Awaited<ReturnType<typeof memberOfX>>;
beforeAll(async () => {
  w = await startWorld();
  member = await memberOfX(w, 'member-x-insights@perm.test');
});
afterAll(() => w?.t.stop());

const totals = async (who: 'companyX' | 'companyY') => {
  const r = await w.as[who].rpc('get_company_insights', { p_weeks: 52 });
  allowed(r);
  return (r.data as { total: number }).total;
};

describe('get_company_insights', () => {
  it('each company counts its own verified domains only', async () => {
    // One feedback each: A's on example.com (X), B's on example.org (Y).
    expect(await totals('companyX')).toBe(1);
    expect(await totals('companyY')).toBe(1);
    await rows(
      w,
      `update public.feedback set sentiment = 'negative' where id = $1`,
      [w.feedback.b],
    );
    const x = await w.as.companyX.rpc('get_company_insights', { p_weeks: 52 });
    const weeks = (x.data as { per_week: { negative: number }[] }).per_week;
    expect(weeks.reduce((s, wk) => s + wk.negative, 0)).toBe(0);
  });

  it('consumers, admins and anon are refused', async () => {
    for (const who of ['consumerA', 'consumerB', 'admin'] as const)
      forbidden(await w.as[who].rpc('get_company_insights'));
    const anon = await w.as.anon.rpc('get_company_insights');
    expect(anon.error).not.toBeNull();
  });
});

describe('weekly summary choice', () => {
  it('the member changes their own choice only, through the RPC', async () => {
    allowed(await member.client.rpc('set_weekly_summary', { p_on: true }));
    const [owner] = await rows<{ weekly_summary: boolean }>(
      w,
      `select weekly_summary from public.company_members where user_id = $1`,
      [w.id.companyX],
    );
    expect(owner!.weekly_summary).toBe(false);
    // A direct write is not granted, not even on one's own row.
    forbidden(
      await w.as.companyX
        .from('company_members')
        .update({ weekly_summary: true })
        .eq('user_id', w.id.companyX)
        .select(),
    );
    forbidden(await w.as.consumerA.rpc('set_weekly_summary', { p_on: true }));
  });

  it("the job functions are the service role's", async () => {
    for (const who of ['companyX', 'consumerA', 'anon'] as const) {
      forbidden(await w.as[who].rpc('queue_weekly_summaries'));
      forbidden(
        await w.as[who].rpc('get_weekly_summary_email', { p_job_id: 1 }),
      );
    }
    expect(
      await rows(
        w,
        `select count(*)::int as n from private.weekly_summary_emails`,
      ),
    ).toEqual([{ n: 0 }]);
  });
});

describe('weekly summary preview (#40 item 20)', () => {
  it("a member previews their own company's summary: no address, no author", async () => {
    const r = await member.client.rpc('preview_weekly_summary');
    allowed(r, 1);
    const [row] = r.data as { company_name: string; waiting: unknown[] }[];
    const x = await rows<{ company_name: string }>(
      w,
      `select company_name from public.companies where id = $1`,
      [w.company.X],
    );
    expect(row!.company_name).toBe(x[0]!.company_name);
    const text = JSON.stringify(r.data);
    expect(text).not.toContain(w.email.consumerA);
    expect(text).not.toContain(w.id.consumerA);
    expect(text).not.toContain('@');
  });

  it('consumers and anon are refused', async () => {
    forbidden(await w.as.consumerA.rpc('preview_weekly_summary'));
    const anon = await w.as.anon.rpc('preview_weekly_summary');
    expect(anon.error).not.toBeNull();
  });
});
