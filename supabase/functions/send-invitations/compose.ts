// The e-mail of one company invitation (#21): who invites, to which company,
// in which role, and the single-use link until it expires.
import { companyInvitationPath } from '../../../shared/domain/app-paths.ts';
import { escapeHtml, type OutgoingMail } from '../_shared/mail.ts';

export interface InvitationRow {
  email: string;
  company_name: string;
  role: string;
  expires_at: string;
  inviter_email: string | null;
  token: string;
}

/** The invitation e-mail, linking to the invitation page at `siteUrl`. */
export function composeInvitation(
  r: InvitationRow,
  siteUrl: string,
): OutgoingMail {
  const link = `${siteUrl.replace(/\/+$/, '')}${companyInvitationPath(r.token)}`;
  const role = r.role === 'admin' ? 'an admin' : 'a member';
  const by = r.inviter_email ? ` by ${r.inviter_email}` : '';
  const until = new Date(r.expires_at).toUTCString();
  const text = [
    'Hello,',
    '',
    `You have been invited${by} to join ${r.company_name} on Peega as ${role}, to read and triage the feedback its customers send.`,
    '',
    `Accept the invitation: ${link}`,
    '',
    `The link works once, until ${until}. Without a Peega account you create one with this address on the way.`,
    'If you did not expect this invitation, ignore this e-mail.',
  ].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p>You have been invited${escapeHtml(by)} to join <strong>${escapeHtml(r.company_name)}</strong> on Peega as ${role}, to read and triage the feedback its customers send.</p>`,
    `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>`,
    `<p>The link works once, until ${escapeHtml(until)}. Without a Peega account you create one with this address on the way.</p>`,
    '<p>If you did not expect this invitation, ignore this e-mail.</p>',
  ].join('\n');
  return {
    to: r.email,
    subject: `Join ${r.company_name} on Peega`,
    text,
    html,
    kind: 'company_invitation',
    link,
  };
}
