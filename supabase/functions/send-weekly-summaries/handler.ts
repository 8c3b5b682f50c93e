// send-weekly-summaries (issue #22): the weekly e-mail summary to company
// members who turned it on in Company Settings. pg_cron calls it hourly on
// Mondays on hosted Supabase (the embedded backend's scheduler hourly), with
// the service-role key. queue_weekly_summaries adds one job per opted-in
// member for the week that ended (again the same week: none), then the jobs
// are claimed and finished with claim_background_jobs / finish_background_job
// (retries with backoff), as send-message-emails.
import {
  drainQueue,
  intSetting,
  jobAnswer,
  refuseUnlessService,
  rpc,
  type Env,
} from '../_shared/jobs.ts';
import { mailerFromEnv } from '../_shared/mail.ts';
import { composeWeeklySummary, type WeeklySummaryRow } from './compose.ts';

/** The pure Request → Response handler; index.ts serves it on Deno. */
export async function handler(req: Request, env: Env): Promise<Response> {
  const refused = refuseUnlessService(req, env);
  if (refused) return refused;
  const send = mailerFromEnv(env);
  // Without a provider nothing is queued or claimed, so nothing is lost.
  if (!send)
    return jobAnswer(503, {
      error: 'No e-mail provider is configured (EMAIL_API_KEY or SMTP_URL).',
    });
  // The service role may name the moment (tests check "once a week").
  let now = new Date().toISOString();
  const body = (await req.json().catch(() => ({}))) as { now?: unknown };
  if (typeof body?.now === 'string' && !Number.isNaN(Date.parse(body.now)))
    now = new Date(body.now).toISOString();
  const siteUrl = env.SITE_URL || env.SUPABASE_URL || '';
  try {
    const queued = await rpc<number>(env, 'queue_weekly_summaries', {
      p_now: now,
    });
    const result = await drainQueue(env, {
      queue: 'weekly_summary_emails',
      maxAttempts: intSetting(env.EMAIL_MAX_ATTEMPTS, 5),
      backoffMs: intSetting(env.JOB_BACKOFF_MS, 1000),
      signal: req.signal,
      async handle(job) {
        const rows = await rpc<WeeklySummaryRow[]>(
          env,
          'get_weekly_summary_email',
          { p_job_id: job.id },
        );
        // The member left the company or turned the summary off meanwhile.
        const row = rows[0];
        if (!row) return;
        await send(composeWeeklySummary(row, siteUrl, Date.parse(now)));
      },
      onError(e) {
        console.error(
          '[send-weekly-summaries] an e-mail failed:',
          e instanceof Error ? e.message : e,
        );
      },
    });
    return jobAnswer(200, { queued, ...result });
  } catch (e) {
    console.error('[send-weekly-summaries] failed:', e);
    return jobAnswer(500, { error: 'Sending weekly summaries failed.' });
  }
}
