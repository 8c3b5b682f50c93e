/**
 * Display formatting of times and counts. Everything is computed from the
 * values passed in; no clock is read.
 */

import { format, formatDistance } from 'date-fns';

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

/** Date pattern of blog dates (company spec §9): `'MMMM d, yyyy'`. */
export const ARTICLE_DATE_FORMAT = 'MMMM d, yyyy';

/**
 * Blog date like `'March 5, 2025'`. Decision: the UTC calendar date, so
 * every reader and the server-rendered page show the same day.
 */
export function formatArticleDate(date: Date | string): string {
  const d = toDate(date);
  return format(
    new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()),
    ARTICLE_DATE_FORMAT,
  );
}

/** A Date from a Date or an ISO 8601 string. */
function toDate(value: Date | string): Date {
  return typeof value === 'string' ? new Date(value) : value;
}
