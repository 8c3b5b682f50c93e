// What apply_stripe_event needs of a verified Stripe event (#35): the ids,
// Stripe's subscription status, and the plan its price stands for in this
// deployment's configuration (STRIPE_PRICE_PRO, STRIPE_PRICE_ADVANCED).
// A price this deployment does not sell maps to no plan.

export interface StripeEventLike {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

export interface EventSummary {
  id: string;
  type: string;
  created: number;
  customer: string | null;
  subscription: string | null;
  status: string | null;
  plan: 'pro' | 'advanced' | null;
  period_end: number | null;
  company_id: string | null;
}

const idOf = (v: unknown): string | null =>
  typeof v === 'string'
    ? v
    : v &&
        typeof v === 'object' &&
        typeof (v as { id?: unknown }).id === 'string'
      ? (v as { id: string }).id
      : null;

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export function planOfPrice(
  priceId: string | null,
  env: Record<string, string | undefined>,
): 'pro' | 'advanced' | null {
  if (!priceId) return null;
  if (priceId === env.STRIPE_PRICE_PRO) return 'pro';
  if (priceId === env.STRIPE_PRICE_ADVANCED) return 'advanced';
  return null;
}

export function summariseStripeEvent(
  event: StripeEventLike,
  env: Record<string, string | undefined>,
): EventSummary {
  const o = event.data.object;
  const metadata = (o.metadata ?? {}) as Record<string, unknown>;
  const base = {
    id: event.id,
    type: event.type,
    created: event.created,
    customer: idOf(o.customer),
    status: null,
    plan: null,
    period_end: null,
    company_id: text(metadata.company_id),
  };
  if (event.type === 'checkout.session.completed')
    return {
      ...base,
      subscription: idOf(o.subscription),
      company_id: text(o.client_reference_id) ?? base.company_id,
    };
  if (event.type.startsWith('customer.subscription.')) {
    const items = (
      o.items as { data?: { price?: unknown; current_period_end?: unknown }[] }
    )?.data;
    const first = items?.[0];
    const periodEnd = o.current_period_end ?? first?.current_period_end;
    return {
      ...base,
      subscription: idOf(o.id),
      status: text(o.status),
      plan: planOfPrice(idOf(first?.price), env),
      period_end: typeof periodEnd === 'number' ? periodEnd : null,
    };
  }
  if (event.type.startsWith('invoice.')) {
    const parent = (
      o.parent as { subscription_details?: { subscription?: unknown } }
    )?.subscription_details;
    return {
      ...base,
      subscription: idOf(o.subscription) ?? idOf(parent?.subscription),
    };
  }
  return { ...base, subscription: null };
}
