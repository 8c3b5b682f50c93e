// The weekly summary e-mail to a company member (#22): what arrived in the
// week (counts by category), rising topics, what waits longest (the oldest
// pending feedback's titles, masked, never their authors), a link to
// Insights and how to turn the e-mail off.
import {
  paths,
  weeklySummarySettingsPath,
} from '../../../shared/domain/app-paths.ts';
import { escapeHtml, type OutgoingMail } from '../_shared/mail.ts';

export interface WeeklySummaryRow {
  email: string;
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

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** "24 Nov" style, in UTC (the week is a UTC week). */
function day(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** The e-mail of one queued summary, linking into the web app at `siteUrl`. */
export function composeWeeklySummary(
  r: WeeklySummaryRow,
  siteUrl: string,
  /** When it is written: how long the oldest have waited. */
  now: number,
): OutgoingMail {
  const site = siteUrl.replace(/\/+$/, '');
  const link = `${site}${paths.companyInsights}`;
  const settings = `${site}${weeklySummarySettingsPath}`;
  const start = Date.parse(`${r.week}T00:00:00Z`);
  const range = `${day(new Date(start).toISOString())} – ${day(new Date(start + 6 * DAY_MS).toISOString())}`;
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
  const section = (title: string, lines: string[], none: string) =>
    lines.length ? [title, ...lines.map((l) => `- ${l}`)] : [title, none];
  const text = [
    `Your week at ${r.company_name} (${range}):`,
    '',
    arrived,
    '',
    ...section('Rising topics:', rising, 'No topic is rising.'),
    '',
    ...section('Waiting longest:', waiting, 'Nothing is waiting.'),
    '',
    `See the charts in Insights: ${link}`,
    '',
    `You get this e-mail because you turned on the weekly summary. To stop it, turn it off in Company Settings: ${settings}`,
  ].join('\n');
  const list = (items: string[], none: string) =>
    items.length
      ? `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`
      : `<p>${escapeHtml(none)}</p>`;
  const html = [
    `<p>Your week at ${escapeHtml(r.company_name)} (${escapeHtml(range)}):</p>`,
    `<p>${escapeHtml(arrived)}</p>`,
    '<h3>Rising topics</h3>',
    list(rising, 'No topic is rising.'),
    '<h3>Waiting longest</h3>',
    list(waiting, 'Nothing is waiting.'),
    `<p><a href="${escapeHtml(link)}">See the charts in Insights</a></p>`,
    `<p>You get this e-mail because you turned on the weekly summary. <a href="${escapeHtml(settings)}">Turn it off in Company Settings</a>.</p>`,
  ].join('\n');
  return {
    to: r.email,
    subject: `${r.company_name}: your week in feedback (${range})`,
    text,
    html,
    kind: 'weekly_summary',
    link,
  };
}
