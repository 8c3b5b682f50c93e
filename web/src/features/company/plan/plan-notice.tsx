import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  runningTrialDays,
  TRIAL_TEXTS,
  trialEndsSoon,
} from '@shared/domain/trial';
import { useCompanyPlan } from '@web/api/companies/trial';
import { Button } from '@web/components/ui/button';
import { paths } from '@web/config/paths';

const seenKey = (endsAt: string) => `peega:trial-ended-seen:${endsAt}`;

function seen(endsAt: string): boolean {
  try {
    return localStorage.getItem(seenKey(endsAt)) === '1';
  } catch {
    return false;
  }
}

/**
 * Under the company header (#35): a read-only seat says so; a failed
 * payment's grace is told to everyone; the last three days of a trial remind
 * everyone (the owner is e-mailed too); its end is told once to the owner,
 * until dismissed.
 */
export function PlanNotice() {
  const { data: plan } = useCompanyPlan();
  const [dismissed, setDismissed] = useState(false);
  if (!plan) return null;
  const days = runningTrialDays(plan);
  const owner = plan.my_role === 'owner';
  const box =
    'mx-auto mt-4 flex w-full max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 sm:px-6';
  const inner =
    'flex w-full flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border px-4 py-3 text-sm';

  if (plan.read_only)
    return (
      <div className={box}>
        <p
          role="status"
          data-testid="read-only-seat"
          className={`${inner} border-yellow-300 bg-yellow-50 text-yellow-900`}
        >
          {TRIAL_TEXTS.readOnlyYou}
        </p>
      </div>
    );
  if (plan.billing_status === 'past_due' && plan.grace_ends_at)
    return (
      <div className={box}>
        <div
          role="status"
          data-testid="payment-failed"
          className={`${inner} border-red-300 bg-red-50 text-red-900`}
        >
          <p className="min-w-0 flex-1 basis-64">
            {TRIAL_TEXTS.paymentFailed(
              plan.plan === 'advanced' ? 'Advanced' : 'Pro',
              new Date(plan.grace_ends_at).toLocaleDateString('en-GB', {
                day: 'numeric',
                month: 'short',
                year: 'numeric',
              }),
            )}
          </p>
          {owner && (
            <Link
              to={`${paths.companySettings}#plan`}
              className="font-semibold text-brand-700 underline"
            >
              See your plan
            </Link>
          )}
        </div>
      </div>
    );
  if (days !== null && trialEndsSoon(days))
    return (
      <div className={box}>
        <div
          role="status"
          data-testid="trial-ends-soon"
          className={`${inner} border-yellow-300 bg-yellow-50 text-yellow-900`}
        >
          <p className="min-w-0 flex-1 basis-64">
            {TRIAL_TEXTS.endsSoon(days)}
          </p>
          {owner && (
            <Link
              to={`${paths.companySettings}#plan`}
              className="font-semibold text-brand-700 underline"
            >
              See your plan
            </Link>
          )}
        </div>
      </div>
    );
  const endedAt = plan.trial_ends_at;
  if (
    owner &&
    plan.trial_status === 'ended' &&
    plan.plan === 'free' &&
    endedAt &&
    !dismissed &&
    !seen(endedAt)
  )
    return (
      <div className={box}>
        <div
          role="status"
          data-testid="trial-ended"
          className={`${inner} border-line bg-white text-ink`}
        >
          <p className="min-w-0 flex-1 basis-64">{TRIAL_TEXTS.ended}</p>
          <Link
            to={`${paths.companySettings}#members`}
            className="font-semibold text-brand-700 underline"
          >
            Your team
          </Link>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              try {
                localStorage.setItem(seenKey(endedAt), '1');
              } catch {
                // Private mode: it is dismissed for this visit only.
              }
              setDismissed(true);
            }}
          >
            Dismiss
          </Button>
        </div>
      </div>
    );
  return null;
}
