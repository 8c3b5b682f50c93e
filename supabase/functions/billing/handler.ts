// billing (#35, docs/billing.md): the owner's way to Stripe. With the
// caller's JWT, get_billing_account says who they are (owner only: a member
// is refused with the database's 403); then `checkout` opens a Stripe
// Checkout Session for Pro or Advanced (the price from this deployment's
// configuration, never from the client), and `portal` a Customer Portal
// session (payment method, invoices, cancellation). What they buy reaches
// the company only through stripe-webhook's verified events. Without Stripe
// configured it answers 503. STRIPE_API_URL points the client elsewhere
// (tests: a local fake of Stripe's API).
import Stripe from 'stripe';
import { paths } from '../../../shared/domain/app-paths.ts';
import { rpc, type Env } from '../_shared/jobs.ts';
import { answer, asCaller, CORS, fail, refusedBy } from '../_shared/caller.ts';

interface Account {
  company_id: string;
  company_name: string;
  email: string;
  stripe_customer_id: string | null;
  plan: string;
  billing_status: string | null;
}

function stripeOf(env: Env): Stripe {
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  return new Stripe(env.STRIPE_SECRET_KEY!, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

const priceOf = (env: Env, plan: unknown): string | null =>
  plan === 'pro'
    ? (env.STRIPE_PRICE_PRO ?? null)
    : plan === 'advanced'
      ? (env.STRIPE_PRICE_ADVANCED ?? null)
      : null;

export async function handler(req: Request, env: Env): Promise<Response> {
  if (req.method === 'OPTIONS')
    return new Response(null, { status: 204, headers: CORS });
  if (req.method !== 'POST') return fail(405, 'Use POST.');
  if (
    !env.STRIPE_SECRET_KEY ||
    !env.STRIPE_PRICE_PRO ||
    !env.STRIPE_PRICE_ADVANCED
  )
    return fail(503, 'Billing is not configured.');
  if (!(req.headers.get('authorization') ?? '').startsWith('Bearer '))
    return fail(401, 'You need to be signed in.');
  let input: { action?: unknown; plan?: unknown };
  try {
    const v: unknown = await req.json();
    if (typeof v !== 'object' || v === null) throw new Error('not an object');
    input = v as typeof input;
  } catch {
    return fail(400, 'Send a JSON object with an action.');
  }
  if (input.action !== 'checkout' && input.action !== 'portal')
    return fail(400, 'action is checkout or portal.');
  const who = await asCaller(env, req, 'get_billing_account', {});
  if (!who.ok) return refusedBy(who, 'Billing is not available.');
  const account = (who.body as Account[])[0];
  if (!account) return fail(403, 'Only company accounts have billing.');
  const site = (env.SITE_URL || env.SUPABASE_URL || '').replace(/\/+$/, '');
  const back = `${site}${paths.companySettings}`;
  const stripe = stripeOf(env);
  try {
    if (input.action === 'portal') {
      if (!account.stripe_customer_id)
        return fail(409, 'Your company has no billing account yet.');
      const session = await stripe.billingPortal.sessions.create({
        customer: account.stripe_customer_id,
        return_url: `${back}#plan`,
      });
      return answer(200, { url: session.url });
    }
    const price = priceOf(env, input.plan);
    if (!price) return fail(400, 'plan is pro or advanced.');
    if (
      account.billing_status === 'active' ||
      account.billing_status === 'past_due'
    )
      return fail(
        409,
        'Your company already has a paid plan: change it in the billing portal.',
      );
    let customer = account.stripe_customer_id;
    if (!customer) {
      const made = await stripe.customers.create({
        email: account.email,
        name: account.company_name,
        metadata: { company_id: account.company_id },
      });
      customer = await rpc<string>(env, 'set_stripe_customer', {
        p_company_id: account.company_id,
        p_customer: made.id,
      });
    }
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer ?? undefined,
      client_reference_id: account.company_id,
      line_items: [{ price, quantity: 1 }],
      subscription_data: { metadata: { company_id: account.company_id } },
      success_url: `${back}?billing=done#plan`,
      cancel_url: `${back}#plan`,
    });
    return answer(200, { url: session.url });
  } catch (e) {
    console.error(
      '[billing] Stripe failed:',
      e instanceof Error ? e.message : e,
    );
    return fail(502, 'Stripe could not be reached. Please try again.');
  }
}
