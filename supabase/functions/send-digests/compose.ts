// The daily digest e-mail of one company (company spec: notifications on in
// Company Settings). Titles arrive with contact details masked and never with
// the author's identity (take_company_digests).
import { escapeHtml, type OutgoingMail } from '../_shared/mail.ts';

export interface DigestRow {
  company_id: string;
  email: string;
  company_name: string;
  feedback_count: number;
  items: { title: string; category: string; host: string | null }[];
}

/** The digest of one due company, linking to the dashboard at `siteUrl`. */
export function composeDigest(r: DigestRow, siteUrl: string): OutgoingMail {
  const link = `${siteUrl.replace(/\/+$/, '')}/company-dashboard`;
  const shown = r.items.slice(0, 20);
  const text = [
    `Hello ${r.company_name},`,
    '',
    `${r.feedback_count} new feedback arrived on your verified domains:`,
    ...shown.map((i) => `- [${i.category}] ${i.title} (${i.host ?? ''})`),
    r.items.length > shown.length
      ? `…and ${r.items.length - shown.length} more.`
      : '',
    '',
    `Open your dashboard: ${link}`,
    'You get this digest once a day because e-mail notifications are on in Company Settings.',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(r.company_name)},</p>`,
    `<p>${r.feedback_count} new feedback arrived on your verified domains:</p>`,
    `<ul>${shown.map((i) => `<li>[${escapeHtml(i.category)}] ${escapeHtml(i.title)} (${escapeHtml(i.host ?? '')})</li>`).join('')}</ul>`,
    `<p><a href="${escapeHtml(link)}">Open your dashboard</a></p>`,
  ].join('\n');
  return {
    to: r.email,
    subject: `${r.feedback_count} new feedback for ${r.company_name}`,
    text,
    html,
    kind: 'company_digest',
    link,
  };
}
