// send-topic-emails (issue #22, "You said, we did"): e-mails each contributor
// of a completed topic who opted in (their account settings). A deferred
// trigger on feedback_topics queues one e-mail per contributor and topic in
// private.topic_completion_emails at the completion's commit. The embedded
// backend's scheduler calls it on the queue's NOTIFY and every minute; on
// hosted Supabase a pg_net database webhook and a pg_cron schedule do
// (docs/background-jobs.md), with the service-role key. Claiming and retries
// are claim_background_jobs / finish_background_job's.
import {
  drainQueue,
  intSetting,
  jobAnswer,
  refuseUnlessService,
  rpc,
  type Env,
} from '../_shared/jobs.ts';
import { mailerFromEnv } from '../_shared/mail.ts';
import {
  composeTopicCompletionEmail,
  type TopicCompletionEmailRow,
} from './compose.ts';

/** The pure Request → Response handler; index.ts serves it on Deno. */
export async function handler(req: Request, env: Env): Promise<Response> {
  const refused = refuseUnlessService(req, env);
  if (refused) return refused;
  const send = mailerFromEnv(env);
  // Without a provider nothing is claimed, so nothing is lost.
  if (!send)
    return jobAnswer(503, {
      error: 'No e-mail provider is configured (EMAIL_API_KEY or SMTP_URL).',
    });
  const siteUrl = env.SITE_URL || env.SUPABASE_URL || '';
  try {
    const result = await drainQueue(env, {
      queue: 'topic_completion_emails',
      maxAttempts: intSetting(env.EMAIL_MAX_ATTEMPTS, 5),
      backoffMs: intSetting(env.JOB_BACKOFF_MS, 1000),
      signal: req.signal,
      async handle(job) {
        const rows = await rpc<TopicCompletionEmailRow[]>(
          env,
          'get_topic_completion_email',
          { p_job_id: job.id },
        );
        // The contributor opted out meanwhile, or the feedback is gone.
        const row = rows[0];
        if (!row) return;
        await send(composeTopicCompletionEmail(row, siteUrl));
      },
      onError(e) {
        console.error(
          '[send-topic-emails] an e-mail failed:',
          e instanceof Error ? e.message : e,
        );
      },
    });
    return jobAnswer(200, result);
  } catch (e) {
    console.error('[send-topic-emails] failed:', e);
    return jobAnswer(500, { error: 'Sending e-mails failed.' });
  }
}
