/**
 * The weekly summary's words (#22), shared by the e-mail
 * (supabase/functions/send-weekly-summaries) and the preview in Company
 * Settings (#40 item 20): what arrived in the week by category, rising
 * topics, and what waits longest (titles masked by the server, never their
 * authors).
 */

export interface WeeklySummaryContent {
  company_name: string;
  /** The Monday (UTC) of the week, YYYY-MM-DD. */
  week: string;
  arrived: {
    total: number;
    bug: number;
    feature: number;
    improvement: number;
    other: number;
  };
  rising: { title: string; recent: number; previous: number }[];
  waiting: { title: string; created_at: string }[];
}

const DAY_MS = 86_400_000;

export const NO_RISING_TOPIC = 'No topic is rising.';
export const NOTHING_WAITING = 'Nothing is waiting.';

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** "24 Nov" style, in UTC (the week is a UTC week). */
function day(ms: number): string {
  return new Date(ms).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** The summary's lines, as of `now` (how long the oldest have waited). */
export function weeklySummaryParts(r: WeeklySummaryContent, now: number) {
  const start = Date.parse(`${r.week}T00:00:00Z`);
  const range = `${day(start)} – ${day(start + 6 * DAY_MS)}`;
  const a = r.arrived;
  const arrived =
    a.total === 0
      ? 'No new feedback arrived this week.'
      : `${a.total} new feedback: ${count(a.bug, 'bug')}, ${count(a.feature, 'feature request')}, ${count(a.improvement, 'improvement')}, ${a.other} other.`;
  const rising = r.rising.map(
    (t) => `${t.title}: ${t.recent} this week (${t.previous} the week before)`,
  );
  const waiting = r.waiting.map((w) => {
    const days = Math.max(
      0,
      Math.floor((now - Date.parse(w.created_at)) / DAY_MS),
    );
    // Sent today has not waited a day yet: never "waiting 0 days" (#40 item 20).
    const since =
      days === 0
        ? 'sent today'
        : `waiting ${days} ${days === 1 ? 'day' : 'days'}`;
    return `${w.title} (${since})`;
  });
  return {
    heading: `Your week at ${r.company_name} (${range}):`,
    range,
    arrived,
    rising,
    waiting,
  };
}
