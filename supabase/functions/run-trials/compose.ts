// The trial e-mails to a company's owner (#35): 3 days and 1 day before the
// 14-day Pro trial ends, and when it ended. What happens at the end (Free
// again, nothing deleted, members beyond the seat read-only) and a link to
// the plan in Company Settings.
import { paths } from '../../../shared/domain/app-paths.ts';
import {
  trialEmailWords,
  type TrialEmailKind,
} from '../../../shared/domain/trial.ts';
import { escapeHtml, type OutgoingMail } from '../_shared/mail.ts';

export interface TrialEmailRow {
  email: string;
  company_name: string;
  kind: TrialEmailKind;
  trial_ends_at: string;
}

const endDate = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }) + ' UTC';

export function composeTrialEmail(
  r: TrialEmailRow,
  siteUrl: string,
): OutgoingMail {
  const link = `${siteUrl.replace(/\/+$/, '')}${paths.companySettings}#plan`;
  const { subject, intro } = trialEmailWords(r.kind, r.company_name);
  const what =
    r.kind === 'ended'
      ? 'Your feedback, triage, threads and topics are all kept. Members beyond the Free plan’s one seat can still read everything; you pick who keeps a seat in Company Settings.'
      : `It ends on ${endDate(r.trial_ends_at)}. After it you are back on the Free plan (one seat, 5 feedback views a day); nothing is deleted, and members beyond the seat become read-only until you pick who stays.`;
  const text = [
    'Hello,',
    '',
    intro,
    what,
    '',
    `Your plan and team: ${link}`,
  ].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p><strong>${escapeHtml(intro)}</strong></p>`,
    `<p>${escapeHtml(what)}</p>`,
    `<p><a href="${escapeHtml(link)}">Your plan and team</a></p>`,
  ].join('\n');
  return { to: r.email, subject, text, html, kind: `trial_${r.kind}`, link };
}
