import { useState, type ReactNode } from 'react';
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

const TONES = {
  warn: 'border-yellow-300 bg-yellow-50 text-yellow-900',
  alarm: 'border-red-300 bg-red-50 text-red-900',
  plain: 'border-line bg-white text-ink',
} as const;

/** One notice under the header: its words, then its links and buttons. */
function Notice({
  testId,
  tone,
  text,
  children,
}: {
  testId: string;
  tone: keyof typeof TONES;
  text: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto mt-4 w-full max-w-6xl px-4 sm:px-6">
      <div
        role="status"
        data-testid={testId}
        className={`flex w-full flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border px-4 py-3 text-sm ${TONES[tone]}`}
      >
        <p className="min-w-0 flex-1 basis-64">{text}</p>
        {children}
      </div>
    </div>
  );
}

function PlanLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={`${paths.companySettings}#${to}`}
      className="font-semibold text-brand-700 underline"
    >
      {label}
    </Link>
  );
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
  const seePlan = owner && <PlanLink to="plan" label="See your plan" />;

  if (plan.read_only)
    return (
      <Notice
        testId="read-only-seat"
        tone="warn"
        text={TRIAL_TEXTS.readOnlyYou}
      />
    );
  if (plan.billing_status === 'past_due' && plan.grace_ends_at)
    return (
      <Notice
        testId="payment-failed"
        tone="alarm"
        text={TRIAL_TEXTS.paymentFailed(
          plan.plan === 'advanced' ? 'Advanced' : 'Pro',
          new Date(plan.grace_ends_at).toLocaleDateString('en-GB', {
            day: 'numeric',
            month: 'short',
            year: 'numeric',
          }),
          owner,
        )}
      >
        {seePlan}
      </Notice>
    );
  if (days !== null && trialEndsSoon(days))
    return (
      <Notice
        testId="trial-ends-soon"
        tone="warn"
        text={TRIAL_TEXTS.endsSoon(days)}
      >
        {seePlan}
      </Notice>
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
      <Notice testId="trial-ended" tone="plain" text={TRIAL_TEXTS.ended}>
        <PlanLink to="members" label="Your team" />
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
      </Notice>
    );
  return null;
}
