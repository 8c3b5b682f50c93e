import { Link } from 'react-router-dom';
import { PLAN_RULES, resolvePlan, type Plan } from '@shared/domain/plans';
import {
  runningTrialDays,
  TRIAL_TEXTS,
  type TrialRefusal,
} from '@shared/domain/trial';
import {
  useCompanyPlan,
  useOpenBilling,
  useStartTrial,
} from '@web/api/companies/trial';
import { getEnv } from '@web/lib/env';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { paths } from '@web/config/paths';
import { toast } from '@web/lib/toast';
import { trialEnd } from './trial-words';

/** What a plan gives, in one line. */
function planLine(plan: Plan): string {
  const r = PLAN_RULES[plan];
  const views =
    r.viewLimit === null
      ? 'unlimited feedback views'
      : `${r.viewLimit} feedback views ${r.viewPeriod === 'utc-day' ? 'a day' : 'a week'}`;
  const seats =
    r.seats === null
      ? 'unlimited seats'
      : r.seats === 1
        ? '1 seat'
        : `${r.seats} seats`;
  const filters =
    r.filters.length < 5 ? 'search and domain filter' : 'every filter';
  const line = `${views}, ${filters}, ${seats}`;
  return line.charAt(0).toUpperCase() + line.slice(1);
}

function TrialOffer({
  refusal,
  owner,
}: {
  refusal: TrialRefusal | null;
  owner: boolean;
}) {
  const start = useStartTrial();
  // The offer goes away once the trial runs (the plan is fetched again), so
  // the toasts follow the promise, not mutate's callbacks of this component.
  async function onStart() {
    try {
      const ends = await start.mutateAsync();
      toast.success(TRIAL_TEXTS.started, {
        description: TRIAL_TEXTS.startedBody(trialEnd(ends)),
      });
    } catch (err) {
      toast.error('The trial could not start', {
        description: err instanceof Error ? err.message : String(err),
      });
    }
  }
  return (
    <div className="mt-4 rounded-2xl border border-brand-200 bg-brand-50 p-4">
      <h3 className="font-semibold text-brand-900">{TRIAL_TEXTS.title}</h3>
      <p className="mt-1 text-sm text-brand-900/80">{TRIAL_TEXTS.body}</p>
      {owner ? (
        <>
          <Button
            className="mt-3"
            onClick={() => void onStart()}
            disabled={refusal !== null || start.isPending}
          >
            {TRIAL_TEXTS.start}
          </Button>
          {refusal === 'needs_domain' && (
            <p className="mt-2 text-sm text-ink-muted">
              {TRIAL_TEXTS.refusals.needs_domain}{' '}
              <Link
                to={`${paths.companySettings}#domains`}
                className="font-medium text-brand-700 underline"
              >
                Verify a domain
              </Link>
            </p>
          )}
        </>
      ) : (
        <p className="mt-2 text-sm text-ink-muted">{TRIAL_TEXTS.ownerOnly}</p>
      )}
    </div>
  );
}

/** Leaves for Stripe: Checkout or the Portal, or says why not. */
function useGoToStripe() {
  const open = useOpenBilling();
  return {
    pending: open.isPending,
    go: (request: Parameters<typeof open.mutateAsync>[0]) =>
      open.mutateAsync(request).then(
        (url) => window.location.assign(url),
        (err: unknown) =>
          toast.error('Billing is not available', {
            description: err instanceof Error ? err.message : String(err),
          }),
      ),
  };
}

/**
 * Pro and Advanced: "Coming soon" until billing is configured (the spec's
 * words); then the owner upgrades through Stripe Checkout, or manages a
 * bought plan in the Customer Portal. Members see the plans, never billing.
 */
function PaidPlans({
  owner,
  billing,
}: {
  owner: boolean;
  billing: string | null;
}) {
  const { billingEnabled } = getEnv();
  const stripe = useGoToStripe();
  const bought = billing === 'active' || billing === 'past_due';
  return (
    <>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2" aria-label="Paid plans">
        {(['pro', 'advanced'] as const).map((p) => (
          <li key={p} className="rounded-xl border border-line p-3 text-sm">
            <p className="flex items-center justify-between gap-2 font-semibold">
              {PLAN_RULES[p].name} · {PLAN_RULES[p].priceEurPerMonth} €/month
              {!billingEnabled && (
                <span className="rounded-full bg-accent-100 px-2 py-0.5 text-[0.65rem] font-bold text-accent-700">
                  Coming soon
                </span>
              )}
            </p>
            <p className="mt-1 text-ink-muted">{planLine(p)}.</p>
            {billingEnabled && owner && !bought && (
              <Button
                size="sm"
                className="mt-2"
                disabled={stripe.pending}
                onClick={() => void stripe.go({ action: 'checkout', plan: p })}
              >
                Upgrade to {PLAN_RULES[p].name}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {billingEnabled && owner && billing !== null && (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          disabled={stripe.pending}
          onClick={() => void stripe.go({ action: 'portal' })}
        >
          Manage billing
        </Button>
      )}
      {billingEnabled && !owner && (
        <p className="mt-3 text-sm text-ink-muted">
          Only the owner of the company changes its plan.
        </p>
      )}
    </>
  );
}

/**
 * Settings → Plan (#35): the company's plan, its trial (offer, countdown,
 * end) and the paid plans, "Coming soon" until billing is configured.
 */
export function PlanCard() {
  const { data } = useCompanyPlan();
  const plan = resolvePlan(data?.plan);
  const days = runningTrialDays(data);
  const refusal = (data?.trial_refusal ?? null) as TrialRefusal | null;
  return (
    <Card id="plan" className="scroll-mt-20">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold">Plan</h2>
        {data && (
          <Badge
            data-testid="plan-name"
            className="bg-brand-100 text-brand-800"
          >
            {days !== null ? 'Pro trial' : `${PLAN_RULES[plan].name} plan`}
          </Badge>
        )}
      </div>
      {data && (
        <>
          <p className="mt-1 text-sm text-ink-muted">
            {PLAN_RULES[plan].name}: {planLine(plan).toLowerCase()}.
          </p>
          {days !== null && data.trial_ends_at && (
            <p className="mt-3 text-sm font-medium" data-testid="trial-running">
              {TRIAL_TEXTS.running(trialEnd(data.trial_ends_at))}{' '}
              <span className="text-ink-muted">
                ({days === 1 ? 'last day' : `${days} days left`})
              </span>
            </p>
          )}
          {data.trial_status === 'ended' && plan === 'free' && (
            <p className="mt-3 text-sm">{TRIAL_TEXTS.ended}</p>
          )}
          {data.trial_status === null &&
            refusal !== 'paid' &&
            refusal !== 'used' && (
              <TrialOffer refusal={refusal} owner={data.my_role === 'owner'} />
            )}
          {refusal === 'used' && data.trial_status === null && (
            <p className="mt-3 text-sm text-ink-muted">
              {TRIAL_TEXTS.refusals.used}
            </p>
          )}
          <PaidPlans
            owner={data.my_role === 'owner'}
            billing={data.billing_status}
          />
        </>
      )}
    </Card>
  );
}
