import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  ok,
  query,
  type TestCompany,
  type TestUser,
} from './support.ts';

// Issue #19 items 16 and 17, through supabase-js as the dashboard calls:
// removing a verified domain keeps its proof for 30 days, and a domain
// another company verified is "claimed", with no figures.

let t: TestBackend;
let author: TestUser;

beforeAll(async () => {
  t = await startTestBackend();
  author = await createUser(t, { fullName: 'Author' });
}, 60_000);
afterAll(() => t?.stop());

async function setDomains(c: TestCompany, domains: string[]) {
  ok(
    await c.client
      .from('companies')
      .update({ domains })
      .eq('id', c.companyId)
      .select('id')
      .single(),
  );
}

async function summary(c: TestCompany) {
  return ok(await c.client.rpc('get_company_domain_summary')) as {
    domain: string;
    verified: boolean;
    claimed: boolean;
    feedback_count: number | null;
  }[];
}

async function feedbackCount(c: TestCompany) {
  const rows = ok(
    await c.client.rpc('get_company_feedback', { p_page: 1, p_page_size: 50 }),
  ) as { total_count: number }[];
  return Number(rows[0]?.total_count ?? 0);
}

describe('removing a verified domain (item 16)', () => {
  it('re-adding it within the grace period restores verified without a new proof', async () => {
    const c = await createCompany(t, { domain: 'grace-a.example' });
    for (let i = 0; i < 3; i++)
      await insertFeedback(t, author.id, {
        websiteUrl: `https://grace-a.example/p${i}`,
      });
    expect(await feedbackCount(c)).toBe(3);
    const token = await query<{ verification_token: string }>(
      t,
      'select verification_token from public.company_domains where company_id = $1',
      [c.companyId],
    );

    await setDomains(c, []);
    expect(await feedbackCount(c)).toBe(0);
    await setDomains(c, ['grace-a.example']);
    expect(await summary(c)).toMatchObject([
      { domain: 'grace-a.example', verified: true, claimed: false },
    ]);
    expect(await feedbackCount(c)).toBe(3);
    // The same token: a record still published keeps proving it.
    expect(
      await query(
        t,
        'select verification_token from public.company_domains where company_id = $1',
        [c.companyId],
      ),
    ).toEqual(token);
  });

  it('after the grace period a new proof is needed', async () => {
    const c = await createCompany(t, { domain: 'grace-b.example' });
    await setDomains(c, []);
    await query(
      t,
      `update private.company_domain_grace set removed_at = now() - interval '31 days'
        where company_id = $1`,
      [c.companyId],
    );
    await setDomains(c, ['grace-b.example']);
    expect(await summary(c)).toMatchObject([
      { domain: 'grace-b.example', verified: false },
    ]);
  });

  it('another company that proves the domain meanwhile keeps it', async () => {
    const c = await createCompany(t, { domain: 'grace-c.example' });
    await setDomains(c, []);
    const rival = await createCompany(t, { domain: 'grace-c.example' });
    expect(await summary(rival)).toMatchObject([{ verified: true }]);
    await setDomains(c, ['grace-c.example']);
    expect(await summary(c)).toMatchObject([
      { domain: 'grace-c.example', verified: false, claimed: true },
    ]);
  });

  it('the kept proofs are not readable by any client', async () => {
    const c = await createCompany(t, { domain: 'grace-d.example' });
    await setDomains(c, []);
    const read = await c.client
      .schema('private' as never)
      .from('company_domain_grace')
      .select('*');
    expect(read.data ?? []).toEqual([]);
    expect(read.error).not.toBeNull();
  });
});

describe('a domain another company verified (item 17)', () => {
  it('is claimed: no figures in the summary, and said before saving', async () => {
    const owner = await createCompany(t, { domain: 'claimed.example' });
    for (let i = 0; i < 4; i++)
      await insertFeedback(t, author.id, {
        websiteUrl: `https://claimed.example/p${i}`,
      });
    expect(await summary(owner)).toMatchObject([{ feedback_count: 4 }]);
    const rival = await createCompany(t, {
      domain: 'rival-own.example',
      verified: false,
    });
    expect(
      ok(
        await rival.client.rpc('check_company_domain', {
          p_domain: 'https://www.Claimed.example/x',
        }),
      ),
    ).toEqual([{ domain: 'claimed.example', claimed: true }]);
    expect(
      ok(
        await rival.client.rpc('check_company_domain', {
          p_domain: 'free-to-take.example',
        }),
      ),
    ).toEqual([{ domain: 'free-to-take.example', claimed: false }]);
    await setDomains(rival, ['rival-own.example', 'claimed.example']);
    const rows = await summary(rival);
    expect(rows.find((r) => r.domain === 'claimed.example')).toMatchObject({
      verified: false,
      claimed: true,
      feedback_count: null,
    });
    expect(rows.find((r) => r.domain === 'rival-own.example')).toMatchObject({
      claimed: false,
      feedback_count: 0,
    });
  });
});
