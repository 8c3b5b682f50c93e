// E-mail from edge functions goes through a provider the operator configures
// as function secrets: an HTTP e-mail API in Resend's shape (EMAIL_API_URL,
// default https://api.resend.com/emails, with EMAIL_API_KEY), or an SMTP
// server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). EMAIL_FROM
// is the sender. The embedded backend is one such API provider: its
// /_outbox/emails stores the message where its mailbox and SMTP relay find it.
import type { Env } from './jobs.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the mail is (a tag), e.g. `company_digest`. */
  kind: string;
  /** The main link of the mail (the embedded mailbox shows it as a button). */
  link?: string;
}

/** Text made safe inside the HTML part of a mail (text and attribute values). */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[
        c
      ]!,
  );

export type SendMail = (mail: OutgoingMail) => Promise<void>;

const DEFAULT_API = 'https://api.resend.com/emails';

/** The configured provider, or null when no provider is set. */
export function mailerFromEnv(
  env: Env,
  doFetch: typeof fetch = fetch,
): SendMail | null {
  const from = env.EMAIL_FROM || 'Peega <no-reply@peega.local>';
  if (env.SMTP_URL) {
    const smtpUrl = env.SMTP_URL;
    return async (mail) => {
      // Loaded only when used: Deno maps it through deno.json, Node through node_modules.
      const { default: nodemailer } = await import('nodemailer');
      await nodemailer.createTransport(smtpUrl).sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    };
  }
  if (!env.EMAIL_API_KEY) return null;
  const url = env.EMAIL_API_URL || DEFAULT_API;
  const key = env.EMAIL_API_KEY;
  return async (mail) => {
    const res = await doFetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${key}`,
      },
      body: JSON.stringify({
        from,
        to: [mail.to],
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        tags: [{ name: 'kind', value: mail.kind }],
        ...(mail.link ? { headers: { 'X-Peega-Link': mail.link } } : {}),
      }),
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel().catch(() => undefined);
    if (!res.ok) throw new Error(`The e-mail API answered HTTP ${res.status}.`);
  };
}
