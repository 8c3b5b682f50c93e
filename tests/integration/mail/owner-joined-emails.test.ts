import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  query,
  serviceClient,
  type TestUser,
} from '../db/support.ts';

// #35 waiting feedback: when the owner verifies a domain, each author whose
// feedback waited for it and who turned the e-mail on gets one e-mail through
// send-owner-joined-emails (the schedulers are off in tests: each send is
// this test's call). Authors who did not, or turned it off since, get none;
// the company learns nothing about any of them.
let t: TestBackend;

beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(() => t?.stop());

const mailsTo = (email: string) =>
  query<{ subject: string; body_text: string; body_html: string }>(
    t,
    `select subject, body_text, body_html from auth.outbox
      where to_email = $1 and kind = 'owner_joined' order by created_at, id`,
    [email],
  );

async function send(): Promise<{ handled: number; failed: number }> {
  const res = await t.backend.invokeFunction('send-owner-joined-emails', {});
  expect(res.status).toBe(200);
  return (await res.json()) as { handled: number; failed: number };
}

async function author(optIn: boolean, host: string): Promise<TestUser> {
  const user = await createUser(t);
  if (optIn) {
    const r = await user.client
      .from('profiles')
      .update({ email_on_owner_joined: true })
      .eq('id', user.id);
    expect(r.error).toBeNull();
  }
  await insertFeedback(t, user.id, { websiteUrl: `https://${host}/page` });
  return user;
}

async function verify(companyId: string, domain: string) {
  const { error } = await serviceClient(t).rpc('confirm_domain_verification', {
    p_company_id: companyId,
    p_domain: domain,
    p_method: 'meta',
  });
  expect(error).toBeNull();
}

describe('send-owner-joined-emails', () => {
  it('tells each opted-in waiting author once, by name of the site only', async () => {
    const domain = `joined-mail-${Date.now().toString(36)}.com`;
    const alice = await author(true, `shop.${domain}`);
    const bob = await author(false, domain);
    const carol = await author(true, domain);
    const company = await createCompany(t, { domain, verified: false });
    await verify(company.companyId, domain);
    // Carol turns it off before the e-mail goes.
    await carol.client
      .from('profiles')
      .update({ email_on_owner_joined: false })
      .eq('id', carol.id);

    expect(await send()).toEqual({ handled: 2, failed: 0 });
    const mails = await mailsTo(alice.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`The owner of ${domain} joined Peega`);
    expect(mails[0]!.body_text).toContain(
      `The owner of ${domain} joined Peega and can now read your feedback.`,
    );
    expect(mails[0]!.body_text).toContain('does not know who you are');
    expect(mails[0]!.body_html).toContain('/profile/account#');
    expect(await mailsTo(bob.email)).toEqual([]);
    expect(await mailsTo(carol.email)).toEqual([]);

    // Verified again: nobody is told twice.
    await query(
      t,
      'update public.company_domains set verified_at = null where domain = $1',
      [domain],
    );
    await verify(company.companyId, domain);
    expect(await send()).toEqual({ handled: 0, failed: 0 });
    expect(await mailsTo(alice.email)).toHaveLength(1);
  });

  it('the choice is the author’s own, off by default', async () => {
    const user = await createUser(t);
    const { data } = await user.client
      .from('profiles')
      .select('email_on_owner_joined')
      .eq('id', user.id)
      .single<{ email_on_owner_joined: boolean }>();
    expect(data?.email_on_owner_joined).toBe(false);
    const other = await createUser(t);
    const r = await other.client
      .from('profiles')
      .update({ email_on_owner_joined: true })
      .eq('id', user.id)
      .select('id');
    expect(r.data ?? []).toEqual([]);
  });
});
