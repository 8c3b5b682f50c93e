import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowed,
  denied,
  forbidden,
  rows,
  startWorld,
  type World,
  memberOfX,
} from './support.ts';

// #35: who may start the trial, pick seats, read the plan and the billing
// account, and who may drive the jobs behind them (the trial clock, the
// Stripe webhook, the e-mail queues). Company X (example.com, free,
// verified) gets a member; company Y (example.org) is on Pro.
let w: World;
let member: Awaited<ReturnType<typeof memberOfX>>;
beforeAll(async () => {
  w = await startWorld();
  member = await memberOfX(w, 'member-x@perm.test');
});
afterAll(() => w?.t.stop());

const notOwner = (what: RegExp) => ({ code: '42501', message: what });

describe('the trial', () => {
  it('only a company owner starts it: anonymous, consumers and members are refused', async () => {
    forbidden(await w.as.anon.rpc('start_trial'));
    forbidden(await w.as.consumerA.rpc('start_trial'));
    denied(
      await member.client.rpc('start_trial'),
      notOwner(/^Only the owner of the company can start the trial\.$/),
    );
    // A paid company has nothing to try.
    denied(await w.as.companyY.rpc('start_trial'), {
      code: '23514',
      message: /^Your company is already on a paid plan\.$/,
    });
    const started = await w.as.companyX.rpc('start_trial');
    allowed(started);
    expect(new Date(started.data as string).getTime()).toBeGreaterThan(
      Date.now() + 13 * 24 * 3600_000,
    );
  });

  it('the plan is read by the company’s own people only, each of their own company', async () => {
    forbidden(await w.as.anon.rpc('get_company_plan'));
    forbidden(await w.as.consumerA.rpc('get_company_plan'));
    const owner = await w.as.companyX.rpc('get_company_plan').single();
    allowed(owner);
    expect(owner.data).toMatchObject({
      plan: 'pro',
      trial_status: 'active',
      my_role: 'owner',
    });
    const byMember = await member.client.rpc('get_company_plan').single();
    allowed(byMember);
    expect(byMember.data).toMatchObject({ plan: 'pro', my_role: 'member' });
    const other = await w.as.companyY.rpc('get_company_plan').single();
    expect(other.data).toMatchObject({ plan: 'pro', trial_status: null });
  });

  it('only the owner picks seats, and only in their own company', async () => {
    const keep = (p_user_id: string, p_keep = false) => ({
      p_user_id,
      p_keep,
    });
    forbidden(await w.as.anon.rpc('set_member_seat', keep(member.id)));
    forbidden(await w.as.consumerA.rpc('set_member_seat', keep(member.id)));
    denied(
      await member.client.rpc('set_member_seat', keep(member.id)),
      notOwner(/^Only the owner picks who keeps a seat\.$/),
    );
    // Another company's owner cannot reach X's member.
    denied(await w.as.companyY.rpc('set_member_seat', keep(member.id)), {
      code: '22023',
      message: /^This person is not a member of your company\.$/,
    });
    denied(await w.as.companyX.rpc('set_member_seat', keep(w.id.companyX)), {
      code: '23514',
      message: /^The owner always keeps a seat\.$/,
    });
    allowed(await w.as.companyX.rpc('set_member_seat', keep(member.id)));
    const [seat] = await rows<{ read_only: boolean }>(
      w,
      `select read_only_since is not null as read_only from public.company_members where user_id = $1`,
      [member.id],
    );
    expect(seat?.read_only).toBe(true);
    allowed(await w.as.companyX.rpc('set_member_seat', keep(member.id, true)));
  });
});

describe('billing', () => {
  it('the billing account is the owner’s alone', async () => {
    forbidden(await w.as.anon.rpc('get_billing_account'));
    forbidden(await w.as.consumerA.rpc('get_billing_account'));
    denied(
      await member.client.rpc('get_billing_account'),
      notOwner(
        /^Only the owner of the company manages its plan and billing\.$/,
      ),
    );
    const own = await w.as.companyX.rpc('get_billing_account').single();
    allowed(own);
    expect(own.data).toMatchObject({
      company_id: w.company.X,
      email: w.email.companyX,
    });
    const y = await w.as.companyY.rpc('get_billing_account').single();
    expect(y.data).toMatchObject({ company_id: w.company.Y });
  });

  it('a plan is written only by the service role (the verified Stripe webhook)', async () => {
    const event = {
      p_event: {
        id: 'evt_perm_1',
        type: 'customer.subscription.updated',
        created: Math.floor(Date.now() / 1000),
        company_id: w.company.X,
        subscription: 'sub_perm_1',
        status: 'active',
        plan: 'advanced',
      },
    };
    for (const who of ['anon', 'consumerA', 'companyX', 'admin'] as const)
      forbidden(await w.as[who].rpc('apply_stripe_event', event));
    forbidden(await member.client.rpc('apply_stripe_event', event));
    forbidden(
      await w.as.companyX.rpc('set_stripe_customer', {
        p_company_id: w.company.X,
        p_customer: 'cus_mine',
      }),
    );
    const [before] = await rows<{ subscription_type: string }>(
      w,
      'select subscription_type from public.company_subscriptions where company_id = $1',
      [w.company.X],
    );
    expect(before?.subscription_type).toBe('pro');

    const applied = await w.as.service.rpc('apply_stripe_event', event);
    allowed(applied);
    const [after] = await rows<{ subscription_type: string }>(
      w,
      'select subscription_type from public.company_subscriptions where company_id = $1',
      [w.company.X],
    );
    expect(after?.subscription_type).toBe('advanced');
    const customer = await w.as.service.rpc('set_stripe_customer', {
      p_company_id: w.company.X,
      p_customer: 'cus_perm_1',
    });
    allowed(customer);
    expect(customer.data).toBe('cus_perm_1');
  });
});

describe('the jobs behind the plan', () => {
  // The trial clock, the grace period's end and the e-mail queues' readers:
  // run by the run-trials and send-owner-joined-emails functions as the
  // service role, never by a signed-in user.
  const calls = [
    ['advance_trials', {}],
    ['end_billing_grace', {}],
    ['get_trial_email', { p_job_id: 1 }],
    ['get_owner_joined_email', { p_job_id: 1 }],
  ] as const;

  for (const [fn, args] of calls)
    it(`${fn}: the service role only`, async () => {
      for (const who of [
        'anon',
        'consumerA',
        'companyX',
        'companyY',
        'admin',
      ] as const)
        forbidden(await w.as[who].rpc(fn, args));
      forbidden(await member.client.rpc(fn, args));
      allowed(await w.as.service.rpc(fn, args));
    });
});
