import type { BackendConfig } from '../config.ts';
import type { Db } from '../db/types.ts';
import { readFunctionSecrets } from '../functions/registry.ts';
import { processFeedbackRequestSchema } from '../../../shared/domain/validation/ai.ts';
import { processFeedbackRequest } from '../../functions/_shared/ai/process.ts';
import { createQueueWorker, type QueueWorker } from './queue-worker.ts';

interface FeedbackJob {
  id: number;
  attempts: number;
  feedback_id: string;
}

export interface FeedbackAiOptions {
  /** Secrets as functions get them (AI_PROVIDER, AI_BASE_URL, AI_API_KEY, AI_MODEL…). */
  env: Record<string, string | undefined>;
  maxAttempts?: number;
  backoffMs?(attempt: number): number;
  pollMs?: number;
  fetch?: typeof fetch;
}

/**
 * The embedded backend's side of "every submission is processed": the
 * insert trigger queues a job in private.feedback_processing_jobs and
 * NOTIFYs; this worker runs the same processor as the process-feedback
 * function and stores the result with apply_feedback_analysis (the user's
 * text stays in raw_description, a company's quality rating is kept, spam
 * reverses the XP). Failures are retried with backoff, then left 'failed'
 * with their error. On hosted Supabase a database webhook calls
 * process-feedback instead (supabase/functions/process-feedback/README.md).
 */
export async function startFeedbackAi(
  db: Db,
  options: FeedbackAiOptions,
): Promise<QueueWorker> {
  const worker = createQueueWorker<FeedbackJob>(db, {
    table: 'private.feedback_processing_jobs',
    pollMs: options.pollMs ?? 5000,
    maxAttempts: options.maxAttempts ?? 5,
    backoffMs: options.backoffMs,
    onError: (e, job) =>
      console.error(
        `[ai] processing feedback ${job.feedback_id} failed (attempt ${job.attempts}):`,
        e instanceof Error ? e.message : e,
      ),
    async handle(job) {
      // The registered name of the company that verified the site, not the
      // name the consumer typed: the reply is signed with it (#23).
      const { rows } = await db.query<{
        input: {
          raw_description: string;
          website_url: string | null;
          company_name: string | null;
        } | null;
      }>('select public.feedback_ai_input($1::uuid) as input', [
        job.feedback_id,
      ]);
      const feedback = rows[0]?.input;
      // Deleted since it was queued (the job goes with it by cascade, unless raced).
      if (!feedback) return;
      const request = processFeedbackRequestSchema.parse({
        rawFeedback: feedback.raw_description,
        companyName: feedback.company_name,
        websiteUrl: feedback.website_url,
      });
      const { structuredFeedback } = await processFeedbackRequest(
        request,
        options.env,
        { fetch: options.fetch },
      );
      await db.query(
        'select public.apply_feedback_analysis($1::uuid, $2::jsonb)',
        [job.feedback_id, JSON.stringify(structuredFeedback)],
      );
    },
  });
  const unlisten = await db.listen('feedback_processing_jobs', () =>
    worker.wake(),
  );
  worker.wake();
  return {
    drain: worker.drain,
    wake: worker.wake,
    async stop() {
      await unlisten();
      await worker.stop();
    },
  };
}

/** Worker options from the backend configuration: the functions' secrets. */
export function feedbackAiOptions(config: BackendConfig): FeedbackAiOptions {
  return {
    env: readFunctionSecrets(config.functionsDir, config.functionSecrets),
  };
}
