import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_TEXTS } from '../../../shared/domain/trial.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import { createCompany, createUser, query, uniqueEmail } from './support.ts';
import { join, planOf } from './trial-support.ts';

// #35, the 14-day Pro trial: the owner starts it once, without a card; Pro's
// seats, views and filters apply at once; run-trials (the backend's
// schedulers are off in tests, so each run is this test's call) reminds the
// owner 3 days and 1 day before and ends it on time; at the end the company
// is on Free again, nothing is deleted, and the members beyond the seat are
// read-only until the owner picks who stays. One trial per company, owner
// account and verified domain, whatever the company does.
let t: TestBackend;

beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(() => t?.stop());

describe('starting the trial', () => {
  it('gives the owner Pro at once for 14 days, once', async () => {
    const x = await createCompany(t, { domain: 'trial-start.test' });
    expect(await planOf(x.client)).toMatchObject({
      plan: 'free',
      trial_status: null,
      trial_refusal: null,
      my_role: 'owner',
      read_only: false,
    });
    const before = Date.now();
    const started = await x.client.rpc('start_trial');
    expect(started.error).toBeNull();
    const ends = Date.parse(started.data as string);
    expect(ends - before).toBeGreaterThan(14 * 86_400_000 - 60_000);
    expect(ends - before).toBeLessThan(14 * 86_400_000 + 60_000);

    const plan = await planOf(x.client);
    expect(plan).toMatchObject({
      plan: 'pro',
      trial_status: 'active',
      trial_refusal: 'used',
    });
    // Pro everywhere at once: seats and the view allowance.
    const seats = await x.client
      .rpc('get_company_seats')
      .single<{ plan: string; seat_limit: number }>();
    expect(seats.data).toMatchObject({ plan: 'pro', seat_limit: 3 });
    const allowance = await x.client
      .rpc('get_company_view_allowance')
      .single<{ plan: string }>();
    expect(allowance.data?.plan).toBe('pro');

    const again = await x.client.rpc('start_trial');
    expect(again.error?.message).toBe(TRIAL_TEXTS.refusals.used);
    expect(again.error?.code).toBe('23514');
  });

  it('is refused without a verified domain, to members and on a paid plan', async () => {
    const unverified = await createCompany(t, {
      domain: 'trial-unverified.test',
      verified: false,
    });
    expect((await planOf(unverified.client)).trial_refusal).toBe(
      'needs_domain',
    );
    const r = await unverified.client.rpc('start_trial');
    expect(r.error?.message).toBe(TRIAL_TEXTS.refusals.needs_domain);

    const paid = await createCompany(t, {
      domain: 'trial-paid.test',
      plan: 'advanced',
    });
    const member = await join(t, paid, 'admin');
    const byMember = await member.client.rpc('start_trial');
    expect(byMember.error?.message).toBe(TRIAL_TEXTS.ownerOnly);
    expect(byMember.error?.code).toBe('42501');
    const byOwner = await paid.client.rpc('start_trial');
    expect(byOwner.error?.message).toBe(TRIAL_TEXTS.refusals.paid);

    const consumer = await createUser(t);
    const notCompany = await consumer.client.rpc('start_trial');
    expect(notCompany.error?.code).toBe('42501');
  });

  it('cannot be had twice by re-creating the company or from another account on the domain', async () => {
    const first = await createCompany(t, { domain: 'trial-again.test' });
    expect((await first.client.rpc('start_trial')).error).toBeNull();
    await query(t, 'delete from public.companies where id = $1', [
      first.companyId,
    ]);

    // The same account registers a new company (another domain).
    const { rows } = await t.ctx.db.query<{ id: string }>(
      `insert into public.companies (user_id, email, company_name, domain)
       values ($1, $2, 'Again', 'trial-again-2.test') returning id`,
      [first.id, first.email],
    );
    await query(
      t,
      `update public.company_domains set verified_at = now(), verification_method = 'dns'
        where company_id = $1`,
      [rows[0]!.id],
    );
    expect((await planOf(first.client)).trial_refusal).toBe('used');
    expect((await first.client.rpc('start_trial')).error?.message).toBe(
      TRIAL_TEXTS.refusals.used,
    );

    // Another account verifies the domain the first trial had.
    const second = await createCompany(t, {
      domain: 'trial-again.test',
      email: uniqueEmail('second'),
    });
    expect((await planOf(second.client)).trial_refusal).toBe('used');
    expect((await second.client.rpc('start_trial')).error?.message).toBe(
      TRIAL_TEXTS.refusals.used,
    );
  });

  it('uses up a domain verified during the trial', async () => {
    const x = await createCompany(t, { domain: 'trial-during.test' });
    expect((await x.client.rpc('start_trial')).error).toBeNull();
    const added = await x.client
      .from('companies')
      .update({ domains: ['trial-during.test', 'trial-later.test'] })
      .eq('id', x.companyId);
    expect(added.error).toBeNull();
    await query(
      t,
      `update public.company_domains set verified_at = now(), verification_method = 'dns'
        where company_id = $1 and domain = 'trial-later.test'`,
      [x.companyId],
    );
    const claims = await query<{ claim: string }>(
      t,
      `select claim from private.trial_claims where company_id = $1 order by claim`,
      [x.companyId],
    );
    expect(claims.map((c) => c.claim)).toContain('domain:trial-later.test');
  });
});
