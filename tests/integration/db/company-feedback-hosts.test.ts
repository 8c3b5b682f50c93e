import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import { createCompany, createUser, insertFeedback, ok } from './support.ts';

// Issue #19 item 20: the dashboard's domain filter narrows to a subdomain.
// The hosts it offers and the list it narrows come from the server, within
// what the company may see (its verified domains), as the dashboard calls.

let t: TestBackend;

beforeAll(async () => {
  t = await startTestBackend();
}, 60_000);
afterAll(() => t?.stop());

describe('the domain filter narrows to a subdomain', () => {
  it('offers the hosts under verified domains and lists only the chosen one', async () => {
    const author = await createUser(t, { fullName: 'Author' });
    const x = await createCompany(t, { domain: 'hosts.example' });
    await createCompany(t, { domain: 'rival-hosts.example' });
    // A domain X listed but has not verified: its hosts are not offered.
    ok(
      await x.client
        .from('companies')
        .update({ domains: ['hosts.example', 'unproven-hosts.example'] })
        .eq('id', x.companyId)
        .select('id')
        .single(),
    );
    for (const url of [
      'https://hosts.example/',
      'https://app.hosts.example/settings',
      'https://app.hosts.example/billing',
      'https://blog.hosts.example/post',
      'https://shop.rival-hosts.example/',
      'https://app.unproven-hosts.example/',
    ])
      await insertFeedback(t, author.id, { websiteUrl: url });

    expect(ok(await x.client.rpc('get_company_feedback_hosts'))).toEqual([
      { host: 'app.hosts.example' },
      { host: 'blog.hosts.example' },
      { host: 'hosts.example' },
    ]);

    const rows = ok(
      await x.client.rpc('get_company_feedback', {
        p_page: 1,
        p_page_size: 50,
        p_domain: 'app.hosts.example',
      }),
    ) as { website_host: string; total_count: number }[];
    expect(rows.map((r) => r.website_host)).toEqual([
      'app.hosts.example',
      'app.hosts.example',
    ]);
    expect(Number(rows[0]?.total_count)).toBe(2);

    // Only within what the company may see: another company's subdomain is
    // refused, and so is a host under a domain it has not verified.
    for (const host of [
      'shop.rival-hosts.example',
      'app.unproven-hosts.example',
    ]) {
      const refused = await x.client.rpc('get_company_feedback', {
        p_page: 1,
        p_page_size: 50,
        p_domain: host,
      });
      expect(refused.error?.message).toBe(
        "Choose one of your company's domains.",
      );
    }
  });

  it('a consumer gets no hosts', async () => {
    const consumer = await createUser(t, { fullName: 'Consumer' });
    const { error } = await consumer.client.rpc('get_company_feedback_hosts');
    expect(error).not.toBeNull();
  });
});
