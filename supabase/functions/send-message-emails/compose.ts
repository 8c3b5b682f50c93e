// The e-mail to the author of a feedback when a company wrote to them about it
// (#21): the company's name, the feedback's title, the messages as the thread
// shows them (masked when stored), a link to the feedback on the author's
// dashboard and how to turn these e-mails off. Nothing about the author
// reaches the company; nothing but this thread reaches the author.
import {
  authorFeedbackPath,
  emailSettingsPath,
} from '../../../shared/domain/app-paths.ts';
import { escapeHtml, type OutgoingMail } from '../_shared/mail.ts';

export interface CompanyMessageEmailRow {
  email: string;
  company_name: string;
  feedback_id: string;
  feedback_title: string;
  messages: string[];
}

/** The e-mail of one queued job, linking into the web app at `siteUrl`. */
export function composeCompanyMessageEmail(
  r: CompanyMessageEmailRow,
  siteUrl: string,
): OutgoingMail {
  const site = siteUrl.replace(/\/+$/, '');
  const link = `${site}${authorFeedbackPath(r.feedback_id)}`;
  const settings = `${site}${emailSettingsPath}`;
  const many = r.messages.length > 1;
  const intro = many
    ? `${r.company_name} sent you ${r.messages.length} messages about your feedback “${r.feedback_title}”:`
    : `${r.company_name} sent you a message about your feedback “${r.feedback_title}”:`;
  const text = [
    'Hello,',
    '',
    intro,
    '',
    ...r.messages.flatMap((m) => [
      m
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n'),
      '',
    ]),
    `Read and answer on your dashboard: ${link}`,
    '',
    `${r.company_name} does not know who you are; your answer stays anonymous.`,
    `You get these e-mails because you turned them on. To stop them, turn off “E-mail me when a company writes to me about my feedback” in your account settings: ${settings}`,
  ].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p>${escapeHtml(intro)}</p>`,
    ...r.messages.map(
      (m) =>
        `<blockquote style="white-space:pre-wrap">${escapeHtml(m)}</blockquote>`,
    ),
    `<p><a href="${escapeHtml(link)}">Read and answer on your dashboard</a></p>`,
    `<p>${escapeHtml(r.company_name)} does not know who you are; your answer stays anonymous.</p>`,
    `<p>You get these e-mails because you turned them on. <a href="${escapeHtml(settings)}">Turn them off in your account settings</a>.</p>`,
  ].join('\n');
  return {
    to: r.email,
    subject: many
      ? `${r.company_name} sent you ${r.messages.length} messages about “${r.feedback_title}”`
      : `${r.company_name} sent you a message about “${r.feedback_title}”`,
    text,
    html,
    kind: 'company_message',
    link,
  };
}
