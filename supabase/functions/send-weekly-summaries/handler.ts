// send-weekly-summaries (issue #22): the weekly e-mail summary to company
// members who turned it on in Company Settings. pg_cron calls it hourly on
// Mondays on hosted Supabase (the embedded backend's scheduler hourly), with
// the service-role key. queue_weekly_summaries adds one job per opted-in
// member for the week that ended (again the same week: none), then the jobs
// are drained as every e-mail queue's (_shared/mail-queue.ts: claims,
// retries with backoff, answers).
import { rpc } from '../_shared/jobs.ts';
import { emailQueueHandler } from '../_shared/mail-queue.ts';
import { composeWeeklySummary, type WeeklySummaryRow } from './compose.ts';

/**
 * The pure Request → Response handler; index.ts serves it on Deno. A job
 * whose member left the company or turned the summary off meanwhile sends
 * nothing.
 */
export const handler = emailQueueHandler<WeeklySummaryRow, number>({
  name: 'send-weekly-summaries',
  queue: 'weekly_summary_emails',
  read: 'get_weekly_summary_email',
  async before(req, env) {
    // The service role may name the moment (tests check "once a week").
    let now = new Date().toISOString();
    const body = (await req.json().catch(() => ({}))) as { now?: unknown };
    if (typeof body?.now === 'string' && !Number.isNaN(Date.parse(body.now)))
      now = new Date(body.now).toISOString();
    const queued = await rpc<number>(env, 'queue_weekly_summaries', {
      p_now: now,
    });
    return { ctx: Date.parse(now), answer: { queued } };
  },
  compose: composeWeeklySummary,
  failure: 'Sending weekly summaries failed.',
});
