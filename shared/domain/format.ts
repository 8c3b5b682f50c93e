/**
 * Display formatting of times and counts. Everything is computed from the
 * values passed in; no clock is read.
 */

// date-fns' 'MMM d, yyyy' written with Intl: the consumer dashboard then
// carries no date library (the unit test holds it to date-fns' reading).
const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** A day like `'Mar 5, 2025'`, in the reader's time zone. */
export function formatShortDate(date: Date | string): string {
  return shortDate.format(toDate(date));
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
