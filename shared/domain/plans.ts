/**
 * Company plans and view allowances (company spec §6, §9; DECISIONS.md
 * "Plans" and "Daily views"). The server counts and enforces views; these
 * rules state the limits, periods and filter access for both sides.
 */

import { viewLimitReachedMessage } from './validation/messages.ts';
import type { ToastMessage } from './validation/messages.ts';

/** The three plans. */
export const PLANS = ['free', 'pro', 'advanced'] as const;

/** A plan. */
export type Plan = (typeof PLANS)[number];

/** Dashboard filters. */
export const DASHBOARD_FILTERS = [
  'search',
  'domain',
  'category',
  'status',
  'date',
] as const;

/** A dashboard filter. */
export type DashboardFilter = (typeof DASHBOARD_FILTERS)[number];

/** Period over which views are counted. */
export type ViewPeriod = 'utc-day' | 'iso-week';

/** The rules of one plan. */
export interface PlanRules {
  readonly plan: Plan;
  /** Display name. */
  readonly name: string;
  /** Price in euro per month, as on the pricing section. */
  readonly priceEurPerMonth: number;
  /** Feedback views allowed per period; null means unlimited. */
  readonly viewLimit: number | null;
  /** Counting period of `viewLimit`; null when unlimited. */
  readonly viewPeriod: ViewPeriod | null;
  /** Filters that work on this plan. */
  readonly filters: readonly DashboardFilter[];
  /** Team seats (members plus pending invitations); null means unlimited. */
  readonly seats: number | null;
}

/**
 * The one TypeScript statement of the plans; the database's
 * private.view_limit / view_period_start / resolve_plan / seat_limit enforce the same,
 * checked by tests/integration/db/rules-parity.test.ts.
 * Free: 5 views per UTC day (reset at midnight UTC), search and domain
 * filter only, 0 €. Pro: 20 views per ISO week (Monday 00:00 UTC), all
 * filters, 15 €/month. Advanced: unlimited views, all filters, 30 €/month.
 * Seats (#21): Free 1, Pro 3, Advanced unlimited ("multiple team members").
 */
export const PLAN_RULES: Readonly<Record<Plan, PlanRules>> = {
  free: {
    plan: 'free',
    name: 'Free',
    priceEurPerMonth: 0,
    viewLimit: 5,
    viewPeriod: 'utc-day',
    filters: ['search', 'domain'],
    seats: 1,
  },
  pro: {
    plan: 'pro',
    name: 'Pro',
    priceEurPerMonth: 15,
    viewLimit: 20,
    viewPeriod: 'iso-week',
    filters: DASHBOARD_FILTERS,
    seats: 3,
  },
  advanced: {
    plan: 'advanced',
    name: 'Advanced',
    priceEurPerMonth: 30,
    viewLimit: null,
    viewPeriod: null,
    filters: DASHBOARD_FILTERS,
    seats: null,
  },
};

/** Label on a filter the plan does not include. */
export const LOCKED_FILTER_LABEL = 'Premium';

/** Banner over the filters when some are locked. */
export const UPGRADE_FILTERS_BANNER =
  'Upgrade to premium to use advanced filters';

/**
 * Plan of a stored `subscription_type`: trimmed and case-insensitive;
 * `free`, `pro` and `advanced` as is; legacy `premium` and `enterprise` are
 * `advanced`; null, empty or unknown values are `free`. The `features`
 * object is ignored: the plan name alone decides.
 */
export function resolvePlan(subscriptionType: string | null | undefined): Plan {
  const value = (subscriptionType ?? '').trim().toLowerCase();
  switch (value) {
    case 'pro':
      return 'pro';
    case 'advanced':
    case 'premium':
    case 'enterprise':
      return 'advanced';
    default:
      return 'free';
  }
}

/** True when the plan lets the company use `filter`. */
export function canUseFilter(plan: Plan, filter: DashboardFilter): boolean {
  return PLAN_RULES[plan].filters.includes(filter);
}

/** True when some filters are locked on the plan (free only). */
export function hasLockedFilters(plan: Plan): boolean {
  return PLAN_RULES[plan].filters.length < DASHBOARD_FILTERS.length;
}

/**
 * Header counter text with its period (#19 item 21): `'3/5 today'` on free,
 * `'3/20 per week'` on pro, the bare count `'3'` when unlimited.
 */
export function formatViewCounter(plan: Plan, viewsUsed: number): string {
  const { viewLimit, viewPeriod } = PLAN_RULES[plan];
  if (viewLimit === null) return String(viewsUsed);
  return `${viewsUsed}/${viewLimit} ${viewPeriod === 'utc-day' ? 'today' : 'per week'}`;
}

/** Where "Upgrade" leads: the plans on the company landing page. */
export const UPGRADE_PATH = '/companies#pricing';

/**
 * Toast shown when the allowance is used up, or null when unlimited. Free:
 * 'Daily limit reached' / 'You've reached your daily limit of 5 feedback
 * views. Upgrade to view more.'; pro: the weekly wording with 20.
 */
export function viewLimitMessage(plan: Plan): ToastMessage | null {
  const { viewLimit, viewPeriod } = PLAN_RULES[plan];
  if (viewLimit === null || viewPeriod === null) return null;
  return viewLimitReachedMessage(
    viewPeriod === 'utc-day' ? 'daily' : 'weekly',
    viewLimit,
  );
}

/**
 * Error code of the server's refusal to open a feedback once the plan's view
 * allowance is used up (get_company_feedback_detail raises SQLSTATE PT402,
 * which PostgREST passes through as `code` with HTTP 402). The message may be
 * reworded; the code is the contract.
 */
export const VIEW_LIMIT_REACHED_CODE = 'PT402';

/** Whether an error is the server saying the view allowance is used up. */
export function isViewLimitReached(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === VIEW_LIMIT_REACHED_CODE
  );
}

/** Pad a whole number with leading zeros. */
function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** Milliseconds in one day. */
const DAY_MS = 86_400_000;

/**
 * UTC calendar day of an instant as `YYYY-MM-DD`, e.g.
 * 2025-03-01T23:30:00-02:00 → `'2025-03-02'`.
 */
export function utcDayKey(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
}

/**
 * When the allowance next resets: the next midnight UTC on free, the next
 * Monday 00:00 UTC on pro, null when unlimited. Always strictly after `now`.
 */
export function nextViewReset(plan: Plan, now: Date): Date | null {
  const period = PLAN_RULES[plan].viewPeriod;
  if (period === null) return null;
  const day = Math.floor(now.getTime() / DAY_MS);
  if (period === 'utc-day') return new Date((day + 1) * DAY_MS);
  const weekday = (now.getUTCDay() + 6) % 7;
  return new Date((day - weekday + 7) * DAY_MS);
}

/**
 * Seats line of the Members card: `'2 of 3 seats used'`, `'4 seats used
 * (unlimited)'` when the plan has no limit. Pending invitations count.
 */
export function formatSeats(plan: Plan, used: number): string {
  const seats = PLAN_RULES[plan].seats;
  if (seats === null)
    return `${used} ${used === 1 ? 'seat' : 'seats'} used (unlimited)`;
  return `${used} of ${seats} ${seats === 1 ? 'seat' : 'seats'} used`;
}

/** True when the plan has a seat left for one more invitation. */
export function hasSeatLeft(plan: Plan, used: number): boolean {
  const seats = PLAN_RULES[plan].seats;
  return seats === null || used < seats;
}
