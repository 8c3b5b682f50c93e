// process-feedback's queue mode (issue #24): `{ "queue": "feedback_processing" }`
// sent with the service-role key (pg_cron and pg_net on hosted Supabase, the
// embedded backend's scheduler locally) processes every due job of
// private.feedback_processing_jobs and stores each result with
// apply_feedback_analysis; failures are retried with backoff by
// finish_background_job, then left 'failed' with their error.
import { processFeedbackRequestSchema } from '../../../shared/domain/validation/ai.ts';
import { processFeedbackRequest } from '../_shared/ai/process.ts';
import { topicText } from '../../../shared/domain/topic-placement.ts';
import { proposeTopicsQuietly } from '../_shared/ai/topics.ts';
import {
  drainQueue,
  intSetting,
  jobAnswer,
  rpc,
  type Env,
  type QueuedJob,
} from '../_shared/jobs.ts';

interface FeedbackText {
  title: string | null;
  raw_description: string;
  website_url: string | null;
  /** The registered name of the company that verified the site, or null. */
  company_name: string | null;
}

/**
 * The text the AI step works from (feedback_ai_input): the registered name of
 * the company that verified the site signs the reply, never the name the
 * consumer typed (#23). Null when the feedback was deleted since.
 */
function readFeedback(env: Env, id: string): Promise<FeedbackText | null> {
  return rpc<FeedbackText | null>(env, 'feedback_ai_input', {
    p_feedback_id: id,
  });
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
  // Topic proposals (#22) once the analysis is stored (spam is skipped).
  await proposeTopicsQuietly(
    env,
    job.feedback_id,
    topicText(feedback.title, feedback.raw_description),
  );
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
