// send-invitations (issue #21): mails the company invitations queued by
// invite_company_member. The embedded backend's scheduler calls it on the
// queue's NOTIFY; on hosted Supabase a pg_net database webhook on the queue
// and a pg_cron schedule do (docs/background-jobs.md), with the service-role
// key. Without an e-mail provider nothing is taken, so nothing is lost; the
// owner can always copy an invitation's link from the Members card.
import { jobAnswer, rpc, type Env } from '../_shared/jobs.ts';
import { serviceMailer } from '../_shared/mail-queue.ts';
import { composeInvitation, type InvitationRow } from './compose.ts';

/** The pure Request → Response handler; index.ts serves it on Deno. */
export async function handler(req: Request, env: Env): Promise<Response> {
  const send = serviceMailer(req, env);
  if (send instanceof Response) return send;
  try {
    const rows = await rpc<InvitationRow[]>(
      env,
      'take_company_invitation_emails',
      { p_limit: 50 },
    );
    const siteUrl = env.SITE_URL || env.SUPABASE_URL || '';
    let sent = 0;
    let failed = 0;
    for (const r of rows) {
      try {
        await send(composeInvitation(r, siteUrl));
        sent++;
      } catch (e) {
        failed++;
        console.error(
          '[send-invitations] an invitation e-mail failed:',
          e instanceof Error ? e.message : e,
        );
      }
    }
    return jobAnswer(200, { sent, failed });
  } catch (e) {
    console.error('[send-invitations] failed:', e);
    return jobAnswer(500, { error: 'Sending invitations failed.' });
  }
}
