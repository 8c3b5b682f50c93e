/**
 * Display formatting of times and counts. Everything is computed from the
 * values passed in; no clock is read.
 */

import { formatDistance } from 'date-fns';

/**
 * Relative time of `date` seen from `now`, in English with a suffix, as
 * date-fns `formatDistance` words it: `'less than a minute ago'`,
 * `'5 minutes ago'`, `'about 2 hours ago'`, `'3 days ago'`; future dates
 * read `'in 5 minutes'`.
 */
export function formatRelativeTime(date: Date | string, now: Date): string {
  return formatDistance(toDate(date), now, { addSuffix: true });
}

/**
 * View count as shown on a feedback: `'N views'`. Decision: `'1 view'` in
 * the singular; missing or negative counts show `'0 views'`.
 */
export function formatViews(count: number | null | undefined): string {
  const n = Math.max(count ?? 0, 0);
  return `${n} ${n === 1 ? 'view' : 'views'}`;
}

/** A Date from a Date or an ISO 8601 string. */
function toDate(value: Date | string): Date {
  return typeof value === 'string' ? new Date(value) : value;
}
