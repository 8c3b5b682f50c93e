import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../support/fake-stripe.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import { createCompany, createUser, query } from '../db/support.ts';
import { bearerFor, callFunction } from './trackers/support.ts';

// #35 billing, the owner's half: the billing function opens Stripe Checkout
// for Pro or Advanced (the price from configuration, never the client's) and
// the Customer Portal, for the owner only; the `stripe` client talks to a
// local fake of Stripe's API. Without Stripe configured it answers 503.
let t: TestBackend;
let stripe: FakeStripe;
const env = {
  STRIPE_SECRET_KEY: 'sk_test_peega_billing',
  STRIPE_PRICE_PRO: 'price_pro_monthly',
  STRIPE_PRICE_ADVANCED: 'price_advanced_monthly',
  SITE_URL: 'https://peega.example',
};

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await startTestBackend({
    functionEnv: { ...env, STRIPE_API_URL: stripe.url },
  });
});
afterAll(async () => {
  await t?.stop();
  await stripe?.stop();
});

async function owner() {
  const c = await createCompany(t, {
    domain: `pay-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}.com`,
  });
  return { ...c, bearer: await bearerFor(t, c.id, c.email) };
}

const billing = (bearer: string, body: unknown) =>
  callFunction(t, 'billing', body, { authorization: bearer });

describe('billing', () => {
  it('opens Checkout for the owner with the configured price and one customer per company', async () => {
    const c = await owner();
    const first = await billing(c.bearer, { action: 'checkout', plan: 'pro' });
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(/\/pay\/cs_test_\d+$/);
    const [customerCall, sessionCall] = stripe.calls.slice(-2);
    expect(customerCall!.path).toBe('/v1/customers');
    expect(customerCall!.authorization).toBe(`Bearer ${env.STRIPE_SECRET_KEY}`);
    expect(customerCall!.params.get('metadata[company_id]')).toBe(c.companyId);
    expect(sessionCall!.path).toBe('/v1/checkout/sessions');
    expect(Object.fromEntries(sessionCall!.params)).toMatchObject({
      mode: 'subscription',
      client_reference_id: c.companyId,
      'line_items[0][price]': env.STRIPE_PRICE_PRO,
      'line_items[0][quantity]': '1',
      'subscription_data[metadata][company_id]': c.companyId,
      success_url: 'https://peega.example/company-settings?billing=done#plan',
      cancel_url: 'https://peega.example/company-settings#plan',
    });
    const [row] = await query<{ stripe_customer_id: string }>(
      t,
      'select stripe_customer_id from public.company_subscriptions where company_id = $1',
      [c.companyId],
    );
    expect(row!.stripe_customer_id).toMatch(/^cus_fake\d+$/);

    // A second checkout (Advanced) reuses the customer.
    const before = stripe.calls.length;
    const second = await billing(c.bearer, {
      action: 'checkout',
      plan: 'advanced',
    });
    expect(second.status).toBe(200);
    const calls = stripe.calls.slice(before);
    expect(calls.map((x) => x.path)).toEqual(['/v1/checkout/sessions']);
    expect(calls[0]!.params.get('customer')).toBe(row!.stripe_customer_id);
    expect(calls[0]!.params.get('line_items[0][price]')).toBe(
      env.STRIPE_PRICE_ADVANCED,
    );

    // The Portal for the same customer.
    const portal = await billing(c.bearer, { action: 'portal' });
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(/\/portal\/bps_\d+$/);
    expect(stripe.calls.at(-1)!.params.get('customer')).toBe(
      row!.stripe_customer_id,
    );
  });

  it('refuses members, consumers, strangers, prices of the client and a second plan', async () => {
    const c = await owner();
    const admin = await createUser(t);
    await query(
      t,
      `insert into public.company_members (company_id, user_id, role) values ($1, $2, 'admin')`,
      [c.companyId, admin.id],
    );
    const calls = stripe.calls.length;
    const byAdmin = await billing(await bearerFor(t, admin.id, admin.email), {
      action: 'checkout',
      plan: 'pro',
    });
    expect(byAdmin).toEqual({
      status: 403,
      body: {
        error: 'Only the owner of the company manages its plan and billing.',
      },
    });
    const consumer = await createUser(t);
    const byConsumer = await billing(
      await bearerFor(t, consumer.id, consumer.email),
      { action: 'portal' },
    );
    expect(byConsumer.status).toBe(403);
    const anonymous = await callFunction(t, 'billing', { action: 'portal' });
    expect(anonymous.status).toBe(401);
    const price = await billing(c.bearer, {
      action: 'checkout',
      plan: 'price_chosen_by_the_client',
    });
    expect(price).toEqual({
      status: 400,
      body: { error: 'plan is pro or advanced.' },
    });
    const portal = await billing(c.bearer, { action: 'portal' });
    expect(portal).toEqual({
      status: 409,
      body: { error: 'Your company has no billing account yet.' },
    });
    expect(stripe.calls.length).toBe(calls);

    await query(
      t,
      `update public.company_subscriptions set billing_status = 'active', subscription_type = 'pro' where company_id = $1`,
      [c.companyId],
    );
    const again = await billing(c.bearer, { action: 'checkout', plan: 'pro' });
    expect(again.status).toBe(409);
  });
});
