// The e-mail to a contributor when a company completed a topic their
// feedback is in (#22, "You said, we did"): the company's name, what was
// completed (the company's public title, or the contributor's own feedback
// title), the XP the verdict gave them, a link to their feedback on the
// dashboard and how to turn these e-mails off. The company never learns who
// received it.
import {
  authorFeedbackPath,
  emailSettingsPath,
} from '../../../shared/domain/app-paths.ts';
import { escapeHtml, type OutgoingMail } from '../_shared/mail.ts';

export interface TopicCompletionEmailRow {
  email: string;
  company_name: string;
  feedback_id: string;
  title: string;
  xp: number;
}

/** The e-mail of one queued job, linking into the web app at `siteUrl`. */
export function composeTopicCompletionEmail(
  r: TopicCompletionEmailRow,
  siteUrl: string,
): OutgoingMail {
  const site = siteUrl.replace(/\/+$/, '');
  const link = `${site}${authorFeedbackPath(r.feedback_id)}`;
  const settings = `${site}${emailSettingsPath}`;
  const intro = `${r.company_name} completed something you reported: “${r.title}”.`;
  const earned =
    r.xp > 0
      ? `You earned ${r.xp} XP for it. Thank you for reporting it!`
      : 'Thank you for reporting it!';
  const text = [
    'Hello,',
    '',
    intro,
    earned,
    '',
    `See your feedback on your dashboard: ${link}`,
    '',
    `${r.company_name} does not know who you are.`,
    `You get these e-mails because you turned them on. To stop them, turn off “E-mail me when something I reported is completed” in your account settings: ${settings}`,
  ].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p>${escapeHtml(intro)}</p>`,
    `<p><strong>${escapeHtml(earned)}</strong></p>`,
    `<p><a href="${escapeHtml(link)}">See your feedback on your dashboard</a></p>`,
    `<p>${escapeHtml(r.company_name)} does not know who you are.</p>`,
    `<p>You get these e-mails because you turned them on. <a href="${escapeHtml(settings)}">Turn them off in your account settings</a>.</p>`,
  ].join('\n');
  return {
    to: r.email,
    subject: `${r.company_name} completed “${r.title}”`,
    text,
    html,
    kind: 'topic_completed',
    link,
  };
}
