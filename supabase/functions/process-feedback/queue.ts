// process-feedback's queue mode (issue #24): `{ "queue": "feedback_processing" }`
// sent with the service-role key (pg_cron and pg_net on hosted Supabase, the
// embedded backend's scheduler locally) processes every due job of
// private.feedback_processing_jobs and stores each result with
// apply_feedback_analysis; failures are retried with backoff by
// finish_background_job, then left 'failed' with their error.
import { processFeedbackRequestSchema } from '../../../shared/domain/validation/ai.ts';
import { processFeedbackRequest } from '../_shared/ai/process.ts';
import {
  drainQueue,
  fetchOnceMore,
  intSetting,
  jobAnswer,
  rpc,
  type Env,
  type QueuedJob,
} from '../_shared/jobs.ts';

interface FeedbackText {
  raw_description: string;
  company_name: string;
  website_url: string | null;
}

async function readFeedback(
  env: Env,
  id: string,
): Promise<FeedbackText | undefined> {
  const key = env.SUPABASE_SERVICE_ROLE_KEY ?? '';
  const res = await fetchOnceMore(
    fetch,
    `${env.SUPABASE_URL}/rest/v1/feedback?id=eq.${encodeURIComponent(id)}&select=raw_description,company_name,website_url`,
    { headers: { apikey: key, authorization: `Bearer ${key}` } },
  );
  if (!res.ok)
    throw new Error(`Reading feedback ${id} failed (HTTP ${res.status}).`);
  return ((await res.json()) as FeedbackText[])[0];
}

async function processJob(job: QueuedJob, env: Env): Promise<void> {
  const feedback = await readFeedback(env, job.feedback_id);
  // Deleted since it was queued (the job goes with it by cascade, unless raced).
  if (!feedback) return;
  const request = processFeedbackRequestSchema.parse({
    rawFeedback: feedback.raw_description,
    companyName: feedback.company_name,
    websiteUrl: feedback.website_url,
  });
  const { structuredFeedback } = await processFeedbackRequest(request, env);
  await rpc(env, 'apply_feedback_analysis', {
    p_feedback_id: job.feedback_id,
    p_analysis: structuredFeedback,
  });
}

/** Drains the AI queue; the caller has checked the service-role key. */
export async function drainFeedbackQueue(
  env: Env,
  signal?: AbortSignal,
): Promise<Response> {
  const result = await drainQueue(env, {
    queue: 'feedback_processing',
    maxAttempts: intSetting(env.AI_MAX_ATTEMPTS, 5),
    backoffMs: intSetting(env.JOB_BACKOFF_MS, 1000),
    handle: (job) => processJob(job, env),
    signal,
    onError: (e, job) =>
      console.error(
        `[process-feedback] feedback ${job.feedback_id} failed (attempt ${job.attempts}):`,
        e instanceof Error ? e.message : e,
      ),
  });
  return jobAnswer(200, result);
}
