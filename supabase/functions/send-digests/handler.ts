// send-digests (issue #24): the daily digest of new feedback. pg_cron calls it
// hourly on hosted Supabase (the embedded backend's scheduler locally) with
// the service-role key; take_company_digests picks the due companies
// (notifications on, nothing sent in the last 24 h, new feedback on verified
// domains) and each gets one e-mail through the configured provider
// (_shared/mail.ts). Without a provider nothing is taken, so nothing is lost.
import { jobAnswer, rpc, type Env } from '../_shared/jobs.ts';
import { serviceMailer } from '../_shared/mail-queue.ts';
import { composeDigest, type DigestRow } from './compose.ts';

/** The pure Request → Response handler; index.ts serves it on Deno. */
export async function handler(req: Request, env: Env): Promise<Response> {
  const send = serviceMailer(req, env);
  if (send instanceof Response) return send;
  // The service role may name the moment (tests check "once a day").
  let now = new Date().toISOString();
  try {
    const body = (await req.json().catch(() => ({}))) as { now?: unknown };
    if (typeof body.now === 'string' && !Number.isNaN(Date.parse(body.now)))
      now = new Date(body.now).toISOString();
  } catch {
    // An empty body is the schedule's call.
  }
  try {
    const rows = await rpc<DigestRow[]>(env, 'take_company_digests', {
      p_now: now,
    });
    const siteUrl = env.SITE_URL || env.SUPABASE_URL || '';
    let sent = 0;
    const errors: string[] = [];
    for (const r of rows) {
      try {
        await send(composeDigest(r, siteUrl));
        sent++;
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        console.error(`[send-digests] ${r.company_id}:`, message);
        errors.push(message);
      }
    }
    return jobAnswer(200, { sent, failed: errors.length });
  } catch (e) {
    console.error('[send-digests] failed:', e);
    return jobAnswer(500, { error: 'Sending digests failed.' });
  }
}
