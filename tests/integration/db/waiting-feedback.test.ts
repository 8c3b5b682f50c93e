import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportBucket } from '../../../shared/domain/claims.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  query,
  serviceClient,
  type TestUser,
} from './support.ts';

// #35 waiting feedback: what the public claim page, the author and the
// operators see about feedback no company has verified the site of, and
// the one notice each waiting author gets when the owner verifies it.
let t: TestBackend;
let alice: TestUser;
let bob: TestUser;
let n = 0;
/** A domain of this run no other test uses. */
const fresh = (label: string) =>
  `${label}-${Date.now().toString(36)}-${++n}.com`;

beforeAll(async () => {
  t = await startTestBackend();
  alice = await createUser(t);
  bob = await createUser(t);
}, 60_000);

afterAll(async () => {
  await t?.stop();
});

/** The claim page's answer, as an anonymous visitor asks it. */
async function claimOf(domain: string) {
  const { data, error } = await t.client().rpc('get_domain_claim', {
    p_domain: domain,
  });
  expect(error).toBeNull();
  return data as {
    domain: string;
    status: string;
    reports?: number;
    categories?: Record<string, number>;
    months?: { month: string; reports: number }[];
  };
}

/** `count` feedback of `category` by `who` about `host`. */
async function send(
  who: TestUser,
  host: string,
  count: number,
  category = 'bug',
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push(
      (
        await insertFeedback(t, who.id, {
          websiteUrl: `https://${host}/page-${i}`,
          category,
          title: `Secret title ${host} ${i}`,
        })
      ).id,
    );
  return ids;
}

/** Verifies a company's domain the way verify-domain does (service role). */
async function verify(companyId: string, domain: string) {
  const { data, error } = await serviceClient(t).rpc(
    'confirm_domain_verification',
    { p_company_id: companyId, p_domain: domain, p_method: 'meta' },
  );
  expect(error).toBeNull();
  expect(data).toBe(true);
}

const ownerJoined = (userId: string) =>
  query<{ site: string }>(
    t,
    `select site from public.notifications where user_id = $1 and kind = 'owner_joined' order by site`,
    [userId],
  );

describe('the claim page of an unclaimed domain', () => {
  it('shows bucketed counts by category and month, and nothing else', async () => {
    const domain = fresh('shop');
    await send(alice, domain, 3, 'bug');
    await send(bob, `www.${domain}`, 2, 'feature');
    await send(bob, `help.${domain}`, 1, 'improvement');
    const claim = await claimOf(`https://WWW.${domain}/some/page`);
    expect(Object.keys(claim).sort()).toEqual(
      ['categories', 'domain', 'months', 'reports', 'status'].sort(),
    );
    expect(claim.domain).toBe(domain);
    expect(claim.status).toBe('waiting');
    // 6 reports: the 5–9 bucket; 3 bugs and 1 idea: "fewer than 5".
    expect(claim.reports).toBe(5);
    expect(claim.categories).toEqual({
      bug: 1,
      feature: 1,
      improvement: 1,
      other: 0,
    });
    expect(claim.months).toHaveLength(12);
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect(claim.months!.at(-1)).toEqual({ month: thisMonth, reports: 5 });
    expect(claim.months!.slice(0, 11).every((m) => m.reports === 0)).toBe(true);
    // Never a title, a text, an author or a screenshot.
    const text = JSON.stringify(claim);
    expect(text).not.toContain('Secret title');
    expect(text).not.toContain(alice.id);
  });

  it('one more report is not visible until it crosses a bucket', async () => {
    const domain = fresh('watch');
    await send(alice, domain, 5);
    expect((await claimOf(domain)).reports).toBe(5);
    await send(alice, domain, 1);
    expect((await claimOf(domain)).reports).toBe(5);
  });

  it('spam and deleted feedback stop counting; a moved date moves the month', async () => {
    const domain = fresh('spam');
    const ids = await send(alice, domain, 5, 'other');
    expect((await claimOf(domain)).reports).toBe(5);
    await query(t, 'update public.feedback set is_spam = true where id = $1', [
      ids[0],
    ]);
    expect((await claimOf(domain)).reports).toBe(1);
    await query(t, 'delete from public.feedback where id = any($1)', [
      ids.slice(1),
    ]);
    const none = await claimOf(domain);
    expect(none.status).toBe('none');
    expect(none.reports).toBe(0);
    expect(
      await query(
        t,
        'select sum(reports)::int as n from private.host_report_counts where host = $1',
        [domain],
      ),
    ).toEqual([{ n: 0 }]);
  });

  it('an unknown domain has nothing waiting; an invalid one gets the form message', async () => {
    const claim = await claimOf(fresh('nobody'));
    expect(claim.status).toBe('none');
    expect(claim.reports).toBe(0);
    for (const bad of ['not a domain', 'localhost', '127.0.0.1', '']) {
      const { error } = await t
        .client()
        .rpc('get_domain_claim', { p_domain: bad });
      expect(error?.code).toBe('22023');
      expect(error?.message).toBe(
        'Please enter a valid domain, like example.com.',
      );
    }
  });
});

describe('a claimed domain', () => {
  it('says claimed and shows no figures, for the domain and its subdomains', async () => {
    const domain = fresh('owned');
    await send(alice, domain, 7);
    await createCompany(t, { domain });
    expect(await claimOf(domain)).toEqual({ domain, status: 'claimed' });
    expect(await claimOf(`api.${domain}`)).toEqual({
      domain: `api.${domain}`,
      status: 'claimed',
    });
  });

  it('a verified subdomain leaves the parent’s counts', async () => {
    const domain = fresh('parent');
    await send(alice, domain, 1);
    await send(alice, `blog.${domain}`, 9);
    expect((await claimOf(domain)).reports).toBe(10);
    await createCompany(t, { domain: `blog.${domain}` });
    expect((await claimOf(domain)).reports).toBe(1);
  });
});

describe('the author and the owner', () => {
  it('the author sees which of their sites wait, until the owner verifies', async () => {
    const domain = fresh('mine');
    await send(alice, `www.${domain}`, 2);
    await send(bob, domain, 3);
    const waiting = async () =>
      ((await alice.client.rpc('get_my_waiting_sites')).data ?? []) as {
        website_host: string;
        reports: number;
      }[];
    expect((await waiting()).find((w) => w.website_host === domain)).toEqual({
      website_host: domain,
      reports: reportBucket(5),
    });
    const company = await createCompany(t, { domain, verified: false });
    await verify(company.companyId, domain);
    expect((await waiting()).some((w) => w.website_host === domain)).toBe(
      false,
    );
  });

  it('each waiting author is told once, the company learns nothing about them', async () => {
    const domain = fresh('joined');
    const carol = await createUser(t);
    await send(alice, domain, 2);
    await send(bob, `shop.${domain}`, 1);
    // Carol's report is about a subdomain another company already owns: it
    // never waited for this owner.
    await send(carol, `eu.${domain}`, 1);
    await createCompany(t, { domain: `eu.${domain}` });
    const company = await createCompany(t, { domain, verified: false });
    const before = Date.now();
    await verify(company.companyId, domain);
    expect(Date.now() - before).toBeLessThan(30_000);
    expect(await ownerJoined(alice.id)).toContainEqual({ site: domain });
    expect(await ownerJoined(bob.id)).toContainEqual({ site: domain });
    // She was told when that company verified it, and only then.
    expect(await ownerJoined(carol.id)).toEqual([{ site: `eu.${domain}` }]);
    expect(await ownerJoined(company.id)).toEqual([]);
    // Un-verified and verified again: no second notice.
    await query(
      t,
      'update public.company_domains set verified_at = null where domain = $1',
      [domain],
    );
    await verify(company.companyId, domain);
    expect(
      (await ownerJoined(alice.id)).filter((r) => r.site === domain),
    ).toHaveLength(1);
    // The feedback is in the owner's inbox now (the eu. one as well: a
    // parent domain's owner reads its subdomains' feedback).
    const { data } = await company.client.rpc('get_company_inbox', {});
    expect((data as unknown[]).length).toBe(4);
    // The author reads the notice live: it is theirs under RLS.
    const mine = await alice.client
      .from('notifications')
      .select('kind, site')
      .eq('kind', 'owner_joined')
      .eq('site', domain);
    expect(mine.data).toEqual([{ kind: 'owner_joined', site: domain }]);
    const theirs = await bob.client
      .from('notifications')
      .select('user_id')
      .eq('user_id', alice.id);
    expect(theirs.data).toEqual([]);
  });
});

describe('operators', () => {
  it('admins see the most-waited-for unclaimed sites with exact counts; nobody else does', async () => {
    const domain = fresh('outreach');
    await send(alice, domain, 30);
    const admin = await createUser(t);
    await query(t, 'insert into public.blog_admins (user_email) values ($1)', [
      admin.email,
    ]);
    const { data, error } = await admin.client.rpc('get_waiting_domains', {
      p_limit: 5,
    });
    expect(error).toBeNull();
    const rows = data as {
      host: string;
      reports: number;
      last_month: string;
    }[];
    expect(rows[0]).toMatchObject({ host: domain, reports: 30 });
    expect(rows.length).toBeLessThanOrEqual(5);
    const denied = await alice.client.rpc('get_waiting_domains', {});
    expect(denied.error?.code).toBe('42501');
    const anon = await t.client().rpc('get_waiting_domains', {});
    expect(anon.error).not.toBeNull();
  });
});

describe('limits', () => {
  it('the claim page is limited per address: past 60 a minute, 429 with Retry-After', async () => {
    // Every caller here is 127.0.0.1 (the gateway decides the address):
    // whatever the minute's boundary, 125 look-ups put over 60 in one.
    const visitor = t.client();
    let refused: { code?: string; message: string } | null = null;
    for (let i = 0; i < 125 && !refused; i++) {
      const { error } = await visitor.rpc('get_domain_claim', {
        p_domain: 'limit-check.com',
      });
      if (error) refused = error;
    }
    expect(refused?.code).toBe('PT429');
    expect(refused?.message).toBe(
      'Too many domain look-ups. Please wait a minute and try again.',
    );
  });
});
