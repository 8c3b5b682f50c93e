import { format } from 'date-fns';
import type { CompanyPlan } from '@shared/data/trial';
import { trialDaysLeft } from '@shared/domain/trial';

/** The end of a trial as the plan card and the toasts say it. */
export const trialEnd = (iso: string) =>
  format(new Date(iso), 'd MMM yyyy, HH:mm');

/** Days left of a running trial, or null when none runs. */
export function runningTrialDays(
  plan: CompanyPlan | undefined,
  now: Date = new Date(),
): number | null {
  if (plan?.trial_status !== 'active' || !plan.trial_ends_at) return null;
  return trialDaysLeft(plan.trial_ends_at, now);
}
