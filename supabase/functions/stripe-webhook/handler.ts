// stripe-webhook (#35, docs/billing.md): Stripe's events about a company's
// subscription. No JWT (config.toml): each request is checked by its
// Stripe-Signature against STRIPE_WEBHOOK_SECRET with Stripe's own library,
// and a forged, altered or replayed-late request is refused with 400 and
// logged. A verified event goes to apply_stripe_event (service role), the
// only writer of a paid plan: once per event id, never older over newer.
// Without billing configured it answers 503 and changes nothing.
import Stripe from 'stripe';
import { jobAnswer, rpc, type Env } from '../_shared/jobs.ts';
import { summariseStripeEvent, type StripeEventLike } from './summarise.ts';

export async function handler(req: Request, env: Env): Promise<Response> {
  if (req.method !== 'POST') return jobAnswer(405, { error: 'Use POST.' });
  const secret = env.STRIPE_WEBHOOK_SECRET;
  if (!secret || !env.STRIPE_SECRET_KEY)
    return jobAnswer(503, { error: 'Billing is not configured.' });
  const signature = req.headers.get('stripe-signature');
  const body = await req.text();
  const stripe = new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
  });
  let event: StripeEventLike;
  try {
    event = (await stripe.webhooks.constructEventAsync(
      body,
      signature ?? '',
      secret,
      undefined,
      Stripe.createSubtleCryptoProvider(),
    )) as unknown as StripeEventLike;
  } catch (e) {
    console.warn(
      '[stripe-webhook] refused an event:',
      e instanceof Error ? e.message : e,
    );
    return jobAnswer(400, { error: 'The Stripe signature is not valid.' });
  }
  try {
    const outcome = await rpc<string>(env, 'apply_stripe_event', {
      p_event: summariseStripeEvent(event, env),
    });
    return jobAnswer(200, { received: true, outcome });
  } catch (e) {
    // Stripe retries a 500 for days: nothing is lost.
    console.error('[stripe-webhook] applying the event failed:', e);
    return jobAnswer(500, { error: 'The event could not be applied.' });
  }
}
