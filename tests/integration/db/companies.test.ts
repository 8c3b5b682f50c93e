import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VIEW_LIMIT_REACHED_CODE,
  isViewLimitReached,
} from '../../../shared/domain/plans.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createCompany,
  createUser,
  done,
  insertFeedback,
  list,
  ok,
  one,
  query,
  serviceClient,
  type TestCompany,
  type TestUser,
  utcDay,
} from './support.ts';

// What a company sees and may do: server-side domain matching without author
// identity, the plan's filters and view allowance, status changes.
let t: TestBackend;
let author: TestUser;
beforeAll(async () => {
  t = await startTestBackend();
  author = await createUser(t, { fullName: 'Secret Author' });
});
afterAll(() => t?.stop());

const IDENTITY_KEYS = ['user_id', 'user_email', 'user_name', 'email'];

async function feedbackOn(url: string, fields = {}) {
  return (await insertFeedback(t, author.id, { websiteUrl: url, ...fields }))
    .id;
}

describe('domains', () => {
  it('normalises the comma-separated domain into the list and back', async () => {
    const user = await createUser(t);
    ok(
      await user.client.rpc('register_company', {
        p_company_name: 'Acme',
        p_website_url: 'acme.test',
        p_domains: ['Acme.io, www.acme.io, https://Shop.Acme.io:8080/x,,'],
        p_accept_terms: true,
      }),
    );
    const row = ok(
      await user.client
        .from('companies')
        .select('domain, domains, website_url, password_hash')
        .single(),
    );
    expect(row).toEqual({
      domain: 'acme.io, shop.acme.io',
      domains: ['acme.io', 'shop.acme.io'],
      website_url: 'https://acme.test',
      password_hash: 'managed-by-auth',
    });
    const updated = ok(
      await user.client
        .from('companies')
        .update({ domains: ['acme.dev', 'ACME.dev'] })
        .eq('user_id', user.id)
        .select('domain, domains')
        .single(),
    );
    expect(updated).toEqual({ domain: 'acme.dev', domains: ['acme.dev'] });
    const subscription = ok(
      await user.client
        .from('company_subscriptions')
        .select('subscription_type, features')
        .single(),
    );
    expect(subscription).toEqual({
      subscription_type: 'free',
      features: { filtering: false, unlimited_views: false },
    });
  });

  it('refuses malformed domains with the form message', async () => {
    const user = await createUser(t);
    for (const domain of [
      'localhost',
      'exa mple.com',
      'foo_bar.com',
      '1.2.3.4',
    ]) {
      const { error } = await user.client.rpc('register_company', {
        p_company_name: 'Bad',
        p_domains: [domain],
        p_accept_terms: true,
      });
      expect(error?.code).toBe('23514');
      expect(error?.message).toBe(
        'Please enter a valid domain, like example.com.',
      );
    }
    expect(
      await query(t, 'select 1 from public.companies where user_id = $1', [
        user.id,
      ]),
    ).toEqual([]);
  });

  it('follows the account e-mail when it changes', async () => {
    const company = await createCompany(t, { domain: 'moving.test' });
    await query(t, 'update auth.users set email = $2 where id = $1', [
      company.id,
      'moved@example.net',
    ]);
    const [row] = await query(
      t,
      'select email from public.companies where user_id = $1',
      [company.id],
    );
    expect(row).toEqual({ email: 'moved@example.net' });
  });

  it('refuses a second company with the same e-mail', async () => {
    const company = await createCompany(t, { domain: 'dupe.test' });
    const { error } = await company.client.rpc('register_company', {
      p_company_name: 'Again',
      p_accept_terms: true,
    });
    expect(error?.code).toBe('23505');
  });

  it('starts every domain unverified and verifies through the service', async () => {
    const company = await createCompany(t, {
      domain: 'proof.test, www.proof.test',
      verified: false,
    });
    expect(ok(await company.client.rpc('get_company_domains'))).toEqual([
      {
        domain: 'proof.test',
        verified: false,
        verified_at: null,
        verification_method: null,
      },
    ]);
    const [howTo] = ok(
      await company.client.rpc('request_domain_verification', {
        p_domain: 'https://proof.test',
      }),
    );
    expect(howTo?.dns_record_name).toBe('_peega-verification.proof.test');
    expect(howTo?.dns_record_value).toMatch(
      /^peega-verification=[0-9a-f]{32}$/,
    );
    expect(
      ok(
        await serviceClient(t).rpc('confirm_domain_verification', {
          p_company_id: company.companyId,
          p_domain: 'proof.test',
          p_method: 'dns',
        }),
      ),
    ).toBe(true);
    const [domain] = ok(await company.client.rpc('get_company_domains'));
    expect(domain?.verified).toBe(true);
  });
});

describe('the company feedback list', () => {
  let company: TestCompany;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    company = await createCompany(t, { domain: 'match.test' });
    ids.exact = await feedbackOn('https://match.test/a?token=secret#frag');
    ids.www = await feedbackOn('https://www.match.test/b');
    ids.sub = await feedbackOn('https://shop.match.test/c', {
      category: 'bug',
    });
    ids.substring = await feedbackOn('https://notmatch.test/d');
    ids.suffix = await feedbackOn('https://match.test.evil.io/e');
    ids.none = (await insertFeedback(t, author.id, { websiteUrl: null })).id;
  });

  it('holds exactly the exact and subdomain matches, never substrings', async () => {
    const rows = list(
      await company.client.rpc('get_company_feedback', {
        p_page: 1,
        p_page_size: 50,
      }),
    );
    expect(rows.map((r) => r.id).sort()).toEqual(
      [ids.exact, ids.www, ids.sub].sort(),
    );
    expect(rows.every((r) => r.total_count === 3)).toBe(true);
  });

  it('lists a feedback once when it matches nested domains of one company', async () => {
    const nested = await createCompany(t, {
      domain: 'nest.test, shop.nest.test',
    });
    const id = await feedbackOn('https://shop.nest.test/cart');
    const rows = list(await nested.client.rpc('get_company_feedback'));
    expect(rows.map((r) => r.id)).toEqual([id]);
    expect(rows[0]?.total_count).toBe(1);
  });

  it('carries no author identity and no query string', async () => {
    const rows = list(await company.client.rpc('get_feedback_with_votes'));
    for (const row of rows) {
      for (const key of IDENTITY_KEYS) expect(row).not.toHaveProperty(key);
      expect(JSON.stringify(row)).not.toContain(author.email);
      expect(JSON.stringify(row)).not.toContain('Secret Author');
      expect(JSON.stringify(row)).not.toContain(author.id);
    }
    const exact = rows.find((r) => r.id === ids.exact);
    expect(exact?.website_url).toBe('https://match.test/a');
  });

  it('filters by search and domain on the free plan', async () => {
    const bySub = list(
      await company.client.rpc('get_company_feedback', {
        p_domain: 'shop.match.test',
      }),
    );
    expect(bySub.map((r) => r.id)).toEqual([ids.sub]);
    const bySearch = ok(
      await company.client.rpc('get_company_feedback', {
        p_search: 'problem%',
      }),
    );
    expect(bySearch).toEqual([]);
    const foreignDomain = await company.client.rpc('get_company_feedback', {
      p_domain: 'notmatch.test',
    });
    expect(foreignDomain.error?.message).toBe(
      "Choose one of your company's domains.",
    );
  });

  it('locks category, status and date filters on the free plan', async () => {
    const { error } = await company.client.rpc('get_company_feedback', {
      p_category: 'bug',
    });
    expect(error?.message).toBe('Upgrade to premium to use advanced filters');
    await query(
      t,
      `update public.company_subscriptions set subscription_type = 'pro' where company_id = $1`,
      [company.companyId],
    );
    const rows = list(
      await company.client.rpc('get_company_feedback', {
        p_category: 'bug',
        p_status: 'pending',
        p_from: utcDay(-1, '00:00:00'),
      }),
    );
    expect(rows.map((r) => r.id)).toEqual([ids.sub]);
    await query(
      t,
      `update public.company_subscriptions set subscription_type = 'free' where company_id = $1`,
      [company.companyId],
    );
  });

  it.each([
    [{ p_page: -1 }, 'Page must be 1 or more.'],
    [{ p_page: 0 }, 'Page must be 1 or more.'],
    [{ p_page_size: 10000 }, 'Page size must be between 1 and 100.'],
    [{ p_page_size: 0 }, 'Page size must be between 1 and 100.'],
    [{ p_category: 'complaint' }, 'Unknown feedback category "complaint".'],
    [{ p_status: 'done' }, 'Unknown feedback status "done".'],
    [
      { p_search: 'x'.repeat(201) },
      'Searches are at most 200 characters long.',
    ],
  ])('refuses %j', async (args, message) => {
    const { error } = await company.client.rpc('get_company_feedback', args);
    expect(error?.message).toBe(message);
  });

  it('pages newest first', async () => {
    const first = list(
      await company.client.rpc('get_company_feedback', {
        p_page: 1,
        p_page_size: 2,
      }),
    );
    const second = list(
      await company.client.rpc('get_company_feedback', {
        p_page: 2,
        p_page_size: 2,
      }),
    );
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(1);
    expect(first.map((r) => r.id)).toEqual([ids.sub, ids.www]);
  });

  it('is refused to consumers', async () => {
    const { error } = await author.client.rpc('get_company_feedback');
    expect(error?.message).toBe('Only company accounts can do this.');
  });
});

describe('status changes', () => {
  let company: TestCompany;
  let other: TestCompany;
  let id: string;

  beforeAll(async () => {
    company = await createCompany(t, { domain: 'status.test' });
    other = await createCompany(t, { domain: 'elsewhere.test' });
    id = await feedbackOn('https://status.test/');
  });

  it('only the owning company moves the status, along the workflow', async () => {
    const foreign = await other.client.rpc('update_feedback_status', {
      feedback_uuid: id,
      new_status: 'read',
    });
    expect(foreign.error?.message).toBe(
      'This feedback is not available to your company.',
    );
    const skip = await company.client.rpc('update_feedback_status', {
      feedback_uuid: id,
      new_status: 'completed',
    });
    expect(skip.error?.message).toBe(
      'A feedback cannot move from pending to completed.',
    );
    const unknown = await company.client.rpc('update_feedback_status', {
      feedback_uuid: id,
      new_status: 'archived',
    });
    expect(unknown.error?.message).toBe('Unknown feedback status "archived".');
    for (const status of ['read', 'in_progress', 'rejected']) {
      expect(
        ok(
          await company.client.rpc('update_feedback_status', {
            feedback_uuid: id,
            new_status: status,
          }),
        ),
      ).toBe(status);
    }
  });

  it('notifies the author of every change, live-readable by them only', async () => {
    const notes = ok(
      await author.client
        .from('notifications')
        .select('old_status, new_status, feedback_id')
        .eq('feedback_id', id)
        .order('created_at'),
    );
    expect(notes).toEqual([
      { old_status: 'pending', new_status: 'read', feedback_id: id },
      { old_status: 'read', new_status: 'in_progress', feedback_id: id },
      { old_status: 'in_progress', new_status: 'rejected', feedback_id: id },
    ]);
    const events = ok(
      await company.client
        .from('company_feedback_events')
        .select('event_type')
        .eq('feedback_id', id),
    );
    expect(events.map((e) => e.event_type)).toContain('status_changed');
    expect(
      ok(await other.client.from('company_feedback_events').select('id')),
    ).toEqual([]);
  });

  it('lets the company rate 1-5, replacing the AI estimate', async () => {
    expect(
      ok(
        await company.client.rpc('rate_feedback', {
          feedback_uuid: id,
          rating: 5,
        }),
      ),
    ).toBe(5);
    const bad = await company.client.rpc('rate_feedback', {
      feedback_uuid: id,
      rating: 6,
    });
    expect(bad.error?.message).toBe('Ratings are whole numbers from 1 to 5.');
    ok(
      await serviceClient(t).rpc('apply_feedback_analysis', {
        p_feedback_id: id,
        p_analysis: { quality_score: 1 },
      }),
    );
    const row = await one(
      t,
      'select quality_score, quality_source from public.feedback where id = $1',
      [id],
    );
    expect(row).toEqual({ quality_score: 5, quality_source: 'company' });
  });
});

describe('view allowance', () => {
  async function companyWith(plan: string, count: number) {
    const domain = `${plan}-${Math.random().toString(36).slice(2, 8)}.test`;
    const company = await createCompany(t, { domain, plan });
    const feedback: string[] = [];
    for (let i = 0; i < count; i++) {
      feedback.push(await feedbackOn(`https://${domain}/${i}`));
    }
    return { company, feedback };
  }
  const record = (company: TestCompany, id: string) =>
    company.client.rpc('record_feedback_view', { feedback_uuid: id });

  it('free: 5 distinct feedback per UTC day; re-opening is free; pending becomes read', async () => {
    const { company, feedback } = await companyWith('free', 7);
    for (const id of feedback.slice(0, 5)) {
      expect(ok(await record(company, id))).toBe(true);
    }
    expect(ok(await record(company, feedback[0] ?? ''))).toBe(true);
    expect(ok(await record(company, feedback[5] ?? ''))).toBe(false);
    expect(
      ok(
        await company.client.rpc('can_view_feedback', {
          company_email: company.email,
        }),
      ),
    ).toBe(false);
    expect(
      ok(
        await company.client.rpc('can_view_feedback', {
          feedback_uuid: feedback[1],
        }),
      ),
    ).toBe(true);
    expect(ok(await company.client.rpc('get_daily_feedback_views'))).toBe(5);
    const statuses = await query<{ status: string; view_count: number }>(
      t,
      'select status, view_count from public.feedback where id = any($1) order by created_at',
      [feedback],
    );
    expect(statuses.map((s) => s.status)).toEqual([
      'read',
      'read',
      'read',
      'read',
      'read',
      'pending',
      'pending',
    ]);
    expect(statuses.map((s) => s.view_count)).toEqual([1, 1, 1, 1, 1, 0, 0]);
    const detail = await company.client.rpc('get_company_feedback_detail', {
      feedback_uuid: feedback[6],
    });
    // Recognised by its code (PostgREST passes the SQLSTATE through), not its text.
    expect(detail.error?.code).toBe(VIEW_LIMIT_REACHED_CODE);
    expect(detail.status).toBe(402);
    expect(isViewLimitReached(detail.error)).toBe(true);
    expect(detail.error?.message).toBe('Daily limit reached');
  });

  it('yesterday’s views do not count today', async () => {
    const { company, feedback } = await companyWith('free', 6);
    for (const id of feedback.slice(0, 5)) {
      await query(
        t,
        `insert into public.company_feedback_views (company_id, feedback_id, viewed_on, viewed_at)
         values ($1, $2, $3::date, $3::timestamptz)`,
        [company.companyId, id, utcDay(-1, '23:59:59')],
      );
    }
    expect(ok(await company.client.rpc('get_daily_feedback_views'))).toBe(0);
    expect(ok(await record(company, feedback[5] ?? ''))).toBe(true);
  });

  it('pro: 20 per ISO week; advanced and legacy premium: unlimited', async () => {
    const pro = await companyWith('pro', 21);
    for (const id of pro.feedback.slice(0, 20)) {
      expect(ok(await record(pro.company, id))).toBe(true);
    }
    expect(ok(await record(pro.company, pro.feedback[20] ?? ''))).toBe(false);
    const [allowance] = ok(
      await pro.company.client.rpc('get_company_view_allowance'),
    );
    expect(allowance).toMatchObject({
      plan: 'pro',
      view_period: 'iso-week',
      view_limit: 20,
      views_used: 20,
      views_remaining: 0,
      filtering: true,
    });

    for (const plan of ['advanced', 'premium', 'enterprise']) {
      const unlimited = await companyWith(plan, 8);
      for (const id of unlimited.feedback) {
        expect(ok(await record(unlimited.company, id))).toBe(true);
      }
      expect(ok(await unlimited.company.client.rpc('can_view_feedback'))).toBe(
        true,
      );
    }
  });

  it('returns the full detail without identity once opened', async () => {
    const { company, feedback } = await companyWith('free', 1);
    const [detail] = ok(
      await company.client.rpc('get_company_feedback_detail', {
        feedback_uuid: feedback[0],
      }),
    );
    expect(detail).toMatchObject({ id: feedback[0], status: 'read' });
    for (const key of IDENTITY_KEYS) expect(detail).not.toHaveProperty(key);
    expect(JSON.stringify(detail)).not.toContain(author.email);
  });

  it('refuses feedback of other domains and another company e-mail', async () => {
    const { company } = await companyWith('free', 0);
    const foreignFeedback = await feedbackOn('https://nobody.test/');
    const foreign = await record(company, foreignFeedback);
    expect(foreign.error?.message).toBe(
      'This feedback is not available to your company.',
    );
    const otherEmail = await company.client.rpc('get_daily_feedback_views', {
      company_email: 'someone@else.test',
    });
    expect(otherEmail.error?.message).toBe(
      'You can only act for your own company.',
    );
  });

  it('resets the count only in demo mode', async () => {
    const { company, feedback } = await companyWith('free', 6);
    for (const id of feedback.slice(0, 5)) await record(company, id);
    // The backend records demo mode on start; without the row (as on hosted
    // Supabase) the reset is refused.
    await query(t, `delete from private.settings where key = 'demo_mode'`);
    const refused = await company.client.rpc('reset_daily_feedback_views', {
      company_email: company.email,
    });
    expect(refused.error?.message).toBe(
      'Resetting the view count is only available in demo mode.',
    );
    await query(
      t,
      `insert into private.settings (key, value) values ('demo_mode', 'true')`,
    );
    try {
      done(await company.client.rpc('reset_daily_feedback_views'));
      expect(ok(await company.client.rpc('get_daily_feedback_views'))).toBe(0);
      expect(ok(await record(company, feedback[5] ?? ''))).toBe(true);
      const views = await one<{ view_count: number }>(
        t,
        'select view_count from public.feedback where id = $1',
        [feedback[0]],
      );
      expect(views.view_count).toBe(1);
    } finally {
      await query(t, `delete from private.settings where key = 'demo_mode'`);
    }
  });

  it('lets authors and the company read view counts, nobody else', async () => {
    const { company, feedback } = await companyWith('free', 1);
    const id = feedback[0] ?? '';
    await record(company, id);
    expect(
      ok(
        await author.client.rpc('get_feedback_view_count', {
          feedback_uuid: id,
        }),
      ),
    ).toBe(1);
    expect(
      ok(
        await company.client.rpc('get_feedback_view_count', {
          feedback_uuid: id,
        }),
      ),
    ).toBe(1);
    const stranger = await createUser(t);
    const denied = await stranger.client.rpc('get_feedback_view_count', {
      feedback_uuid: id,
    });
    expect(denied.error?.code).toBe('42501');
    const views = ok(
      await author.client
        .from('company_feedback_views')
        .select('feedback_id')
        .eq('feedback_id', id),
    );
    expect(views).toEqual([{ feedback_id: id }]);
  });
});
