// "3 days ago" with the platform's Intl, so the company dashboard, which
// shows one per feedback, carries no date library (6 KB of its bundle). The
// buckets are date-fns formatDistance's: minutes under 45, hours under a day,
// days under 30, months under a year, then years.

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** How long before `now` `date` was, e.g. `'2 hours ago'`; `'just now'` under a minute. */
export function timeAgo(date: Date | string, now: Date): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const seconds = Math.max(0, (now.getTime() - then.getTime()) / 1000);
  const ago = (n: number, unit: Intl.RelativeTimeFormatUnit) =>
    relative.format(-Math.max(1, Math.round(n)), unit);
  if (seconds < 30) return 'just now';
  if (seconds < 45 * MINUTE) return ago(seconds / MINUTE, 'minute');
  if (seconds < 90 * MINUTE) return ago(1, 'hour');
  if (seconds < DAY) return ago(seconds / HOUR, 'hour');
  if (seconds < 42 * HOUR) return ago(1, 'day');
  if (seconds < MONTH) return ago(seconds / DAY, 'day');
  if (seconds < YEAR) return ago(seconds / MONTH, 'month');
  return ago(Math.floor(seconds / YEAR), 'year');
}
