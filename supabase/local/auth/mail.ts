import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { rateLimited } from './rate-limit.ts';

export type MailKind =
  | 'signup'
  | 'invite'
  | 'recovery'
  | 'magiclink'
  | 'email_change'
  | 'reauthentication';

/** Go's `url.QueryEscape`: everything but unreserved characters, space as `+`. */
export function queryEscape(s: string): string {
  return encodeURIComponent(s)
    .replace(
      /[!'()*]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    )
    .replace(/%20/g, '+');
}

/**
 * The link of an e-mail, as GoTrue's mailer builds it: the redirect is
 * escaped only when it holds `&`, `=` or `#` (`encodeRedirectURL`).
 */
export function verifyLink(
  ctx: BackendContext,
  hash: string,
  type: MailKind,
  redirectTo: string,
): string {
  const redirect = /[&=#]/.test(redirectTo)
    ? queryEscape(redirectTo)
    : redirectTo;
  return (
    `${ctx.config.publicUrl}/auth/v1/verify?token=${queryEscape(hash)}` +
    `&type=${type}&redirect_to=${redirect}`
  );
}

// Go's html/template escapes.
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&#34;',
  "'": '&#39;',
};
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

interface Template {
  subject: string;
  heading: string;
  text: string;
  action?: string;
  footer?: string;
}

// GoTrue's default templates (`templatemailer.go`), plus the one-time code
// so that `verifyOtp({ email, token })` can be used from the local mailbox.
function template(kind: MailKind, newEmail: string): Template {
  switch (kind) {
    case 'signup':
      return {
        subject: 'Confirm your email address',
        heading: 'Confirm your email address',
        text: 'Follow the link below to confirm this email address and finish signing up.',
        action: 'Confirm email address',
      };
    case 'invite':
      return {
        subject: 'You have been invited',
        heading: 'You have been invited',
        text: 'You have been invited to create an account. Follow the link below to accept the invite.',
        action: 'Accept the invite',
      };
    case 'recovery':
      return {
        subject: 'Reset your password',
        heading: 'Reset your password',
        text: 'We received a request to reset your password. Follow the link below to choose a new one.',
        action: 'Reset password',
        footer: "If you didn't request this, you can safely ignore this email.",
      };
    case 'magiclink':
      return {
        subject: 'Your sign-in link',
        heading: 'Your sign-in link',
        text: 'Follow the link below to sign in. This link expires shortly and can only be used once.',
        action: 'Sign in',
      };
    case 'email_change':
      return {
        subject: 'Confirm your new email address',
        heading: 'Confirm your new email address',
        text: `Follow the link below to confirm ${newEmail} as your new email address.`,
        action: 'Confirm new email address',
        footer:
          "If you didn't request this change, you can safely ignore this email.",
      };
    case 'reauthentication':
      return {
        subject: 'is your verification code',
        heading: 'Your verification code',
        text: 'Use the code below to verify your identity. It expires shortly.',
      };
  }
}

export interface Mail {
  to: string;
  kind: MailKind;
  otp: string;
  link?: string;
  newEmail?: string;
}

/** Stores one e-mail in auth.outbox, where the local mailbox page reads it. */
export async function sendMail(tx: Queryable, mail: Mail): Promise<void> {
  const t = template(mail.kind, mail.newEmail ?? '');
  const subject =
    mail.kind === 'reauthentication' ? `${mail.otp} ${t.subject}` : t.subject;
  const text = [
    t.heading,
    '',
    t.text,
    mail.link ? `${t.action}: ${mail.link}` : '',
    `Code: ${mail.otp}`,
    t.footer ?? '',
  ]
    .filter((line, i) => line || i === 1)
    .join('\n');
  const html = [
    `<h2>${escapeHtml(t.heading)}</h2>`,
    `<p>${escapeHtml(t.text)}</p>`,
    mail.link
      ? `<p><a href="${escapeHtml(mail.link)}">${escapeHtml(t.action ?? '')}</a></p>`
      : '',
    `<p>${escapeHtml(mail.otp)}</p>`,
    t.footer ? `<p>${escapeHtml(t.footer)}</p>` : '',
  ]
    .filter(Boolean)
    .join('\n');
  await tx.query(
    `insert into auth.outbox (to_email, subject, kind, body_text, body_html, link)
     values ($1, $2, $3, $4, $5, $6)`,
    [mail.to, subject, mail.kind, text, html, mail.link ?? null],
  );
}

/**
 * GoTrue's `validateSentWithinFrequencyLimit`: one e-mail of a kind per user
 * per SMTP_MAX_FREQUENCY, else 429 with the seconds left (truncated).
 */
export function checkFrequency(ctx: BackendContext, sentAt: Date | null): void {
  if (!sentAt) return;
  const until =
    sentAt.getTime() + ctx.config.auth.rateLimits.emailFrequency * 1000;
  const now = ctx.now().getTime();
  if (until > now) {
    const left = Math.trunc((until - now) / 1000);
    throw rateLimited(
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${left} seconds.`,
      left,
    );
  }
}
