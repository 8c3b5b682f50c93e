// The weekly summary e-mail to a company member (#22): what arrived in the
// week (counts by category), rising topics, what waits longest (the oldest
// pending feedback's titles, masked, never their authors), a link to
// Insights and how to turn the e-mail off.
import {
  paths,
  weeklySummarySettingsPath,
} from '../../../shared/domain/app-paths.ts';
import {
  NO_RISING_TOPIC,
  NOTHING_WAITING,
  weeklySummaryParts,
  type WeeklySummaryContent,
} from '../../../shared/domain/weekly-summary.ts';
import { escapeHtml, type OutgoingMail } from '../_shared/mail.ts';

/** A queued summary: its content and the member's address. */
export interface WeeklySummaryRow extends WeeklySummaryContent {
  email: string;
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
  const { heading, range, arrived, rising, waiting } = weeklySummaryParts(
    r,
    now,
  );
  const section = (title: string, lines: string[], none: string) =>
    lines.length ? [title, ...lines.map((l) => `- ${l}`)] : [title, none];
  const text = [
    heading,
    '',
    arrived,
    '',
    ...section('Rising topics:', rising, NO_RISING_TOPIC),
    '',
    ...section('Waiting longest:', waiting, NOTHING_WAITING),
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
    `<p>${escapeHtml(heading)}</p>`,
    `<p>${escapeHtml(arrived)}</p>`,
    '<h3>Rising topics</h3>',
    list(rising, NO_RISING_TOPIC),
    '<h3>Waiting longest</h3>',
    list(waiting, NOTHING_WAITING),
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
