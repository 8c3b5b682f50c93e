/**
 * The 14-day Pro trial (#35, DECISIONS.md "Trial"): once per company, per
 * owner account and per verified domain, without a card. The database starts
 * and ends it (start_trial, advance_trials) and refuses a second one; these
 * rules say how long it lasts, when the owner is reminded and what the
 * countdown and the refusals read, on the web and in the e-mails.
 */

/** Days a trial lasts (start_trial: now() + 14 days). */
export const TRIAL_DAYS = 14;

/** Days before the end when the owner is reminded (advance_trials). */
export const TRIAL_REMINDER_DAYS = [3, 1] as const;

/** Why a company cannot start the trial (get_company_plan.trial_refusal). */
export type TrialRefusal = 'used' | 'paid' | 'needs_domain';

/** The trial e-mails (private.trial_emails.kind). */
export type TrialEmailKind = 'ends_in_3_days' | 'ends_in_1_day' | 'ended';

const DAY_MS = 86_400_000;

/**
 * Whole days left until `endsAt`, rounded up (a trial ending in 13 days and
 * 2 hours has 14 days left); 0 once it ended.
 */
export function trialDaysLeft(endsAt: string | Date, now: Date): number {
  const ms = new Date(endsAt).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS);
}

/** Days left of a running trial (status active, end known), or null. */
export function runningTrialDays(
  trial:
    { trial_status: string | null; trial_ends_at: string | null } | undefined,
  now: Date = new Date(),
): number | null {
  if (trial?.trial_status !== 'active' || !trial.trial_ends_at) return null;
  return trialDaysLeft(trial.trial_ends_at, now);
}

/** The header's countdown: "Pro trial · 12 days left", "… · last day". */
export function trialCountdown(daysLeft: number): string {
  if (daysLeft <= 0) return 'Pro trial ended';
  if (daysLeft === 1) return 'Pro trial · last day';
  return `Pro trial · ${daysLeft} days left`;
}

/** True in the last days of a trial, when the header shows a reminder banner. */
export function trialEndsSoon(daysLeft: number): boolean {
  return daysLeft > 0 && daysLeft <= TRIAL_REMINDER_DAYS[0];
}

export const TRIAL_TEXTS = {
  title: 'Try Pro free for 14 days',
  body: 'Three seats, 20 feedback views a week and every filter, for your whole team. No card required; at the end you are back on Free and nothing is deleted.',
  start: 'Start the 14-day trial',
  started: 'Your Pro trial has started',
  startedBody: (end: string) => `Pro is yours until ${end}: invite your team.`,
  running: (end: string) => `Your Pro trial runs until ${end}.`,
  endsSoon: (days: number) =>
    days === 1
      ? 'Your Pro trial ends tomorrow. After it you are back on Free: one seat and 5 views a day; nothing is deleted.'
      : `Your Pro trial ends in ${days} days. After it you are back on Free: one seat and 5 views a day; nothing is deleted.`,
  ended:
    'Your Pro trial has ended: you are on the Free plan. Your feedback, triage, threads and topics are all kept.',
  ownerOnly: 'Only the owner of the company can start the trial.',
  refusals: {
    used: 'The free trial was already used by this company, its owner or one of its domains.',
    paid: 'Your company is already on a paid plan.',
    needs_domain:
      'Verify a domain first: the trial shows the feedback about your site.',
  } satisfies Record<TrialRefusal, string>,
  readOnlyBadge: 'Read-only',
  readOnlyHint:
    'Read-only: your plan has fewer seats than your team. Keep someone on a seat, remove a member or upgrade.',
  readOnlyYou:
    'Your seat is read-only: your company’s plan has fewer seats than its team. You can read everything; ask the owner to keep you on a seat or to upgrade.',
  keepSeat: 'Keep on a seat',
  freeSeat: 'Make read-only',
  /** Only the owner reaches the billing portal: members are told who can act. */
  paymentFailed: (plan: string, until: string, owner: boolean) =>
    `Your last payment failed. ${plan} stays until ${until}; after that your company is on Free and nothing is deleted. ${owner ? 'Update the payment method in the billing portal.' : 'The owner of the company can update the payment method.'}`,
  seatKept: 'Member kept on a seat',
  seatFreed: 'Member is now read-only',
} as const;

/** Subject and first line of a trial e-mail to the owner. */
export function trialEmailWords(
  kind: TrialEmailKind,
  companyName: string,
): { subject: string; intro: string } {
  switch (kind) {
    case 'ends_in_3_days':
      return {
        subject: `${companyName}: your Pro trial ends in 3 days`,
        intro: `The Pro trial of ${companyName} ends in 3 days.`,
      };
    case 'ends_in_1_day':
      return {
        subject: `${companyName}: your Pro trial ends tomorrow`,
        intro: `The Pro trial of ${companyName} ends tomorrow.`,
      };
    case 'ended':
      return {
        subject: `${companyName}: your Pro trial has ended`,
        intro: `The Pro trial of ${companyName} has ended: you are on the Free plan.`,
      };
  }
}
