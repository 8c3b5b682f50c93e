import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createCompany,
  createUser,
  query,
  type TestCompany,
} from '../db/support.ts';

// #35 billing, the webhook half: Stripe's events reach stripe-webhook with
// no key, as Stripe sends them; the signature is checked with Stripe's own
// library (a forged, altered or stale one is 400 and changes nothing); a
// verified event is the only writer of the paid plan, once per event id,
// never older over newer, never reviving a canceled subscription; a failed
// payment keeps the plan for a 7-day grace, then Free (run-trials' clock).
const SECRET = 'whsec_test_peega_billing';
const env = {
  STRIPE_SECRET_KEY: 'sk_test_peega',
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_PRICE_PRO: 'price_pro_monthly',
  STRIPE_PRICE_ADVANCED: 'price_advanced_monthly',
};
const stripe = new Stripe(env.STRIPE_SECRET_KEY);
let t: TestBackend;
let n = 0;

beforeAll(async () => {
  t = await startTestBackend({ functionEnv: env });
});
afterAll(() => t?.stop());

const now = () => Math.floor(Date.now() / 1000);

function subscriptionEvent(
  type: string,
  c: { customer: string; company: string },
  fields: { status: string; price?: string; created?: number; sub?: string },
) {
  return {
    id: `evt_${Date.now()}_${++n}`,
    object: 'event',
    type,
    created: fields.created ?? now(),
    data: {
      object: {
        id: fields.sub ?? `sub_${c.customer}`,
        object: 'subscription',
        customer: c.customer,
        status: fields.status,
        metadata: { company_id: c.company },
        items: {
          data: [
            {
              price: { id: fields.price ?? env.STRIPE_PRICE_PRO },
              current_period_end: now() + 30 * 86_400,
            },
          ],
        },
      },
    },
  };
}

async function deliver(
  event: unknown,
  sign: { secret?: string; timestamp?: number; tamper?: boolean } = {},
) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: sign.secret ?? SECRET,
    timestamp: sign.timestamp,
  });
  const res = await fetch(`${t.url}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: sign.tamper ? payload.replace('"active"', '"canceled"') : payload,
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
  };
}

async function planOf(companyId: string) {
  const [row] = await query<{
    subscription_type: string;
    billing_status: string | null;
    trial_status: string | null;
  }>(
    t,
    'select subscription_type, billing_status, trial_status from public.company_subscriptions where company_id = $1',
    [companyId],
  );
  return row!;
}

async function company(): Promise<TestCompany & { customer: string }> {
  const c = await createCompany(t, {
    domain: `billing-${Date.now()}-${++n}.com`,
  });
  return { ...c, customer: `cus_${c.companyId.slice(0, 8)}_${n}` };
}

describe('stripe-webhook', () => {
  it('a verified subscription sets the plan at once, seats and all', async () => {
    const c = await company();
    const who = { customer: c.customer, company: c.companyId };
    const linked = await deliver({
      id: `evt_checkout_${++n}`,
      type: 'checkout.session.completed',
      created: now(),
      data: {
        object: {
          object: 'checkout.session',
          customer: c.customer,
          subscription: `sub_${c.customer}`,
          client_reference_id: c.companyId,
        },
      },
    });
    expect(linked).toEqual({
      status: 200,
      body: { received: true, outcome: 'linked' },
    });
    const up = await deliver(
      subscriptionEvent('customer.subscription.created', who, {
        status: 'active',
        price: env.STRIPE_PRICE_ADVANCED,
      }),
    );
    expect(up.body.outcome).toBe('applied');
    expect(await planOf(c.companyId)).toMatchObject({
      subscription_type: 'advanced',
      billing_status: 'active',
    });
    const seats = await c.client
      .rpc('get_company_seats')
      .single<{ plan: string; seat_limit: number | null }>();
    expect(seats.data).toMatchObject({ plan: 'advanced', seat_limit: null });
  });

  it('refuses a forged, altered or stale signature with 400 and changes nothing', async () => {
    const c = await company();
    const event = subscriptionEvent(
      'customer.subscription.updated',
      { customer: c.customer, company: c.companyId },
      { status: 'active' },
    );
    expect((await deliver(event, { secret: 'whsec_forged' })).status).toBe(400);
    expect((await deliver(event, { tamper: true })).status).toBe(400);
    // Signed an hour ago: outside Stripe's tolerance of five minutes.
    const late = await deliver(event, { timestamp: now() - 3600 });
    expect(late).toEqual({
      status: 400,
      body: { error: 'The Stripe signature is not valid.' },
    });
    const unsigned = await fetch(`${t.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    expect((await planOf(c.companyId)).subscription_type).toBe('free');
  });

  it('counts an event once, and a late "updated" never revives a canceled plan', async () => {
    const c = await company();
    const who = { customer: c.customer, company: c.companyId };
    const t0 = now() - 100;
    const active = subscriptionEvent('customer.subscription.updated', who, {
      status: 'active',
      created: t0,
    });
    expect((await deliver(active)).body.outcome).toBe('applied');
    expect((await deliver(active)).body.outcome).toBe('duplicate');

    const deleted = subscriptionEvent('customer.subscription.deleted', who, {
      status: 'canceled',
      created: t0 + 20,
    });
    expect((await deliver(deleted)).body.outcome).toBe('applied');
    expect(await planOf(c.companyId)).toMatchObject({
      subscription_type: 'free',
      billing_status: 'canceled',
    });
    // Delivered late: older than the cancellation.
    const late = subscriptionEvent('customer.subscription.updated', who, {
      status: 'active',
      created: t0 + 10,
    });
    expect((await deliver(late)).body.outcome).toBe('stale');
    // Even with a newer timestamp, the canceled subscription stays canceled.
    const newer = subscriptionEvent('customer.subscription.updated', who, {
      status: 'active',
      created: t0 + 30,
    });
    expect((await deliver(newer)).body.outcome).toBe('stale');
    expect((await planOf(c.companyId)).subscription_type).toBe('free');
  });

  it('a price this deployment does not sell buys nothing; an unknown customer changes nothing', async () => {
    const c = await company();
    const odd = await deliver(
      subscriptionEvent(
        'customer.subscription.updated',
        { customer: c.customer, company: c.companyId },
        { status: 'active', price: 'price_someone_else' },
      ),
    );
    expect(odd.body.outcome).toBe('ignored');
    const stranger = await deliver(
      subscriptionEvent(
        'customer.subscription.updated',
        {
          customer: 'cus_nobody',
          company: '00000000-0000-4000-8000-000000000000',
        },
        { status: 'active' },
      ),
    );
    expect(stranger.body.outcome).toBe('unknown');
    expect((await planOf(c.companyId)).subscription_type).toBe('free');
  });

  it('a failed payment keeps the plan for 7 days, then Free; a payment in time restores it', async () => {
    const c = await company();
    const who = { customer: c.customer, company: c.companyId };
    const teammate = await createUser(t);
    await deliver(
      subscriptionEvent('customer.subscription.updated', who, {
        status: 'active',
      }),
    );
    await query(
      t,
      `insert into public.company_members (company_id, user_id, role) values ($1, $2, 'member')`,
      [c.companyId, teammate.id],
    );
    const failed = await deliver({
      id: `evt_failed_${++n}`,
      type: 'invoice.payment_failed',
      created: now(),
      data: { object: { object: 'invoice', customer: c.customer } },
    });
    expect(failed.body.outcome).toBe('applied');
    expect(await planOf(c.companyId)).toMatchObject({
      subscription_type: 'pro',
      billing_status: 'past_due',
    });
    const [{ grace } = { grace: '' }] = await query<{ grace: string }>(
      t,
      'select grace_ends_at::text as grace from public.company_subscriptions where company_id = $1',
      [c.companyId],
    );
    const graceEnd = Date.parse(grace);
    expect(graceEnd - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    // Six days later the plan still holds; eight days later it is Free.
    const clock = async (at: number) => {
      const res = await t.backend.invokeFunction('run-trials', {
        now: new Date(at).toISOString(),
      });
      return (await res.json()) as { grace_ended: number };
    };
    expect((await clock(Date.now() + 6 * 86_400_000)).grace_ended).toBe(0);
    expect((await clock(Date.now() + 8 * 86_400_000)).grace_ended).toBe(1);
    expect(await planOf(c.companyId)).toMatchObject({
      subscription_type: 'free',
      billing_status: 'canceled',
    });
    // Nothing lost: the teammate is read-only on Free, not removed.
    const [member] = await query<{ read_only: boolean }>(
      t,
      'select read_only_since is not null as read_only from public.company_members where user_id = $1',
      [teammate.id],
    );
    expect(member?.read_only).toBe(true);

    // Another company pays in time: active again, no grace.
    const d = await company();
    const whoD = { customer: d.customer, company: d.companyId };
    await deliver(
      subscriptionEvent('customer.subscription.updated', whoD, {
        status: 'active',
        created: now() - 10,
      }),
    );
    await deliver({
      id: `evt_failed_${++n}`,
      type: 'invoice.payment_failed',
      created: now() - 5,
      data: { object: { object: 'invoice', customer: d.customer } },
    });
    await deliver({
      id: `evt_paid_${++n}`,
      type: 'invoice.paid',
      created: now(),
      data: { object: { object: 'invoice', customer: d.customer } },
    });
    expect(await planOf(d.companyId)).toMatchObject({
      subscription_type: 'pro',
      billing_status: 'active',
    });
  });

  it('a plan bought during the trial ends the trial; the clock leaves it paid', async () => {
    const c = await company();
    expect((await c.client.rpc('start_trial')).error).toBeNull();
    await deliver(
      subscriptionEvent(
        'customer.subscription.created',
        { customer: c.customer, company: c.companyId },
        { status: 'active' },
      ),
    );
    expect(await planOf(c.companyId)).toMatchObject({
      subscription_type: 'pro',
      trial_status: 'ended',
    });
    await t.backend.invokeFunction('run-trials', {
      now: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    });
    expect((await planOf(c.companyId)).subscription_type).toBe('pro');
  });
});
