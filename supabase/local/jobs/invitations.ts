import type { Db } from '../db/types.ts';
import { companyInvitationPath } from '../../../shared/domain/app-paths.ts';

interface InvitationMail {
  email: string;
  company_name: string;
  role: string;
  expires_at: Date;
  inviter_email: string | null;
  token: string;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[
        c
      ]!,
  );

/**
 * Writes the queued company invitations (invite_company_member) to the
 * outbox, which the mailbox shows and SMTP delivers when configured. The
 * take and the writes share one transaction, so a failure keeps the queue.
 * Resolves with how many were written.
 */
export async function sendCompanyInvitations(
  db: Db,
  options: { publicUrl: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<InvitationMail>(
      'select * from public.take_company_invitation_emails(50)',
    );
    for (const r of rows) {
      const link = `${options.publicUrl}${companyInvitationPath(r.token)}`;
      const role = r.role === 'admin' ? 'an admin' : 'a member';
      const by = r.inviter_email ? ` by ${r.inviter_email}` : '';
      const until = r.expires_at.toUTCString();
      const subject = `Join ${r.company_name} on Peega`;
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
      await tx.query(
        `insert into auth.outbox (to_email, subject, kind, body_text, body_html, link)
         values ($1, $2, 'company_invitation', $3, $4, $5)`,
        [r.email, subject, text, html, link],
      );
    }
    return rows.length;
  });
}

/** Sends invitation e-mails as soon as they are queued (NOTIFY), and at start. */
export async function startInvitationMailWorker(
  db: Db,
  options: { publicUrl: () => string },
): Promise<{ stop(): Promise<void> }> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running
      .then(() =>
        sendCompanyInvitations(db, { publicUrl: options.publicUrl() }),
      )
      .catch((e: unknown) =>
        console.error(
          '[invitations] failed:',
          e instanceof Error ? e.message : String(e),
        ),
      );
  };
  const unlisten = await db.listen('company_invitation_emails', run);
  run();
  return {
    async stop() {
      await unlisten();
      await running;
    },
  };
}
