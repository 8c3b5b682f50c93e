// What the background-job functions share (deliver-webhooks, send-digests,
// process-feedback's queue mode): only the service role may start them (pg_cron
// and pg_net send its key on hosted Supabase, the embedded backend's scheduler
// locally), they reach the database through PostgREST RPCs, and the queues'
// due-ness, claiming and retry rules live in SQL (claim_background_jobs,
// finish_background_job), so every caller shares them. Runs on Deno and Node.

export type Env = Record<string, string | undefined>;

export const JOB_HEADERS = { 'content-type': 'application/json' };

/** Whether the request carries the service-role key (as `Authorization: Bearer`). */
export function isServiceRole(req: Request, env: Env): boolean {
  const key = env.SUPABASE_SERVICE_ROLE_KEY;
  return !!key && req.headers.get('authorization') === `Bearer ${key}`;
}

/** A JSON answer of a job function. */
export const jobAnswer = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: JOB_HEADERS });

/** Refuses anything but a POST with the service-role key; null when allowed. */
export function refuseUnlessService(req: Request, env: Env): Response | null {
  if (req.method !== 'POST') return jobAnswer(405, { error: 'Use POST.' });
  if (!isServiceRole(req, env))
    return jobAnswer(401, { error: 'Only the service role may run jobs.' });
  return null;
}

/**
 * fetch, tried once more when it fails without an answer: a kept-alive
 * connection the server closed just then (a scheduler calling every few
 * seconds meets its idle timeout). Were the first call to have arrived, jobs
 * it claimed would only wait for their lease.
 */
export async function fetchOnceMore(
  doFetch: typeof fetch,
  url: string,
  init: RequestInit,
): Promise<Response> {
  try {
    return await doFetch(url, init);
  } catch {
    return doFetch(url, init);
  }
}

/** Calls a database function through PostgREST with the service-role key. */
export async function rpc<T>(
  env: Env,
  name: string,
  args: Record<string, unknown>,
  doFetch: typeof fetch = fetch,
): Promise<T> {
  const key = env.SUPABASE_SERVICE_ROLE_KEY ?? '';
  const res = await fetchOnceMore(
    doFetch,
    `${env.SUPABASE_URL}/rest/v1/rpc/${name}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        apikey: key,
        authorization: `Bearer ${key}`,
      },
      body: JSON.stringify(args),
    },
  );
  const text = await res.text();
  if (!res.ok)
    throw new Error(
      `${name} failed (HTTP ${res.status}): ${text.slice(0, 300)}`,
    );
  return (text ? JSON.parse(text) : null) as T;
}

export interface QueuedJob {
  id: number;
  attempts: number;
  feedback_id: string;
}

export interface DrainOptions {
  queue:
    | 'webhook_deliveries'
    | 'feedback_processing'
    | 'company_message_emails'
    | 'topic_completion_emails'
    | 'weekly_summary_emails'
    | 'trial_emails'
    | 'owner_joined_emails';
  handle(job: QueuedJob): Promise<void>;
  maxAttempts: number;
  backoffMs: number;
  /** Stop claiming after this long (edge functions have a wall-clock limit). */
  budgetMs?: number;
  onError?(error: unknown, job: QueuedJob): void;
  /** The caller went away (the request's signal): finish the job at hand, claim no more. */
  signal?: AbortSignal;
}

/** Positive integer secret, or the fallback. */
export function intSetting(v: string | undefined, fallback: number): number {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) && n >= 0
    ? Math.floor(n)
    : fallback;
}

/**
 * Claims due jobs in batches and handles each: done when the handler
 * resolves, retried with backoff (or failed after maxAttempts) when it throws.
 */
export async function drainQueue(
  env: Env,
  options: DrainOptions,
): Promise<{ handled: number; failed: number }> {
  const end = Date.now() + (options.budgetMs ?? 50_000);
  let handled = 0;
  let failed = 0;
  // One job per claim, so that a caller that stops leaves none claimed
  // and waiting for its lease.
  while (Date.now() < end && !options.signal?.aborted) {
    const jobs = await rpc<QueuedJob[]>(env, 'claim_background_jobs', {
      p_queue: options.queue,
      p_limit: 1,
    });
    if (jobs.length === 0) break;
    for (const job of jobs) {
      let error: string | null = null;
      try {
        await options.handle(job);
      } catch (e) {
        options.onError?.(e, job);
        error = e instanceof Error ? e.message : String(e);
        failed++;
      }
      await rpc(env, 'finish_background_job', {
        p_queue: options.queue,
        p_id: job.id,
        p_error: error,
        p_max_attempts: options.maxAttempts,
        p_backoff_ms: options.backoffMs,
      });
      handled++;
    }
  }
  return { handled, failed };
}
