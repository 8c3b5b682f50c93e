// The e-mail to an author when the owner of a site they reported about
// joined Peega (#35): which site, that the owner can now read their
// feedback (and the verdict XP comes when it acts), a link to their feedback
// and how to turn these e-mails off. The owner never learns who was told.
import { paths, emailSettingsPath } from '../../../shared/domain/app-paths.ts';
import { ownerJoinedWords } from '../../../shared/domain/claims.ts';
import { escapeHtml, type OutgoingMail } from '../_shared/mail.ts';

export interface OwnerJoinedEmailRow {
  email: string;
  domain: string;
}

export function composeOwnerJoinedEmail(
  r: OwnerJoinedEmailRow,
  siteUrl: string,
): OutgoingMail {
  const site = siteUrl.replace(/\/+$/, '');
  const link = `${site}${paths.dashboard}`;
  const settings = `${site}${emailSettingsPath}`;
  const { subject, intro, next } = ownerJoinedWords(r.domain);
  const text = [
    'Hello,',
    '',
    intro,
    next,
    '',
    `See your feedback on your dashboard: ${link}`,
    '',
    `The owner of ${r.domain} does not know who you are.`,
    `You get these e-mails because you turned them on. To stop them, turn off “E-mail me when the owner of a site I reported joins Peega” in your account settings: ${settings}`,
  ].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p><strong>${escapeHtml(intro)}</strong></p>`,
    `<p>${escapeHtml(next)}</p>`,
    `<p><a href="${escapeHtml(link)}">See your feedback on your dashboard</a></p>`,
    `<p>The owner of ${escapeHtml(r.domain)} does not know who you are.</p>`,
    `<p>You get these e-mails because you turned them on. <a href="${escapeHtml(settings)}">Turn them off in your account settings</a>.</p>`,
  ].join('\n');
  return { to: r.email, subject, text, html, kind: 'owner_joined', link };
}
