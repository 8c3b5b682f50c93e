// The handler of an e-mail queue's edge function (send-message-emails,
// send-topic-emails, send-weekly-summaries): with the service-role key only,
// it drains `queue` (claim_background_jobs / finish_background_job retry and
// give up), reads each job's e-mail back with `read` (an RPC that answers no
// row when the person opted out meanwhile or the feedback is gone) and sends
// what `compose` makes of it. Without a provider nothing is queued or
// claimed, so nothing is lost.
import {
  drainQueue,
  intSetting,
  jobAnswer,
  refuseUnlessService,
  rpc,
  type DrainOptions,
  type Env,
} from './jobs.ts';
import { mailerFromEnv, type OutgoingMail, type SendMail } from './mail.ts';

export interface EmailQueue<Row, Ctx> {
  /** The function's name, for its log lines. */
  name: string;
  queue: DrainOptions['queue'];
  /** The RPC that gives a job's e-mail data: `{ p_job_id }` → rows. */
  read: string;
  /**
   * Runs before the drain (the weekly summary queues its week there): `ctx`
   * goes to `compose`, `answer`'s fields into the function's answer.
   */
  before?: (
    req: Request,
    env: Env,
  ) => Promise<{ ctx: Ctx; answer?: Record<string, unknown> }>;
  compose: (row: Row, siteUrl: string, ctx: Ctx) => OutgoingMail;
  /** The 500 answer's error (default "Sending e-mails failed."). */
  failure?: string;
}

/**
 * The mailer of an e-mail function called by the service role, or the answer
 * to give instead: 401 to anyone else, 503 without a provider (then nothing
 * is claimed, so nothing is lost).
 */
export function serviceMailer(req: Request, env: Env): SendMail | Response {
  const refused = refuseUnlessService(req, env);
  if (refused) return refused;
  return (
    mailerFromEnv(env) ??
    jobAnswer(503, {
      error: 'No e-mail provider is configured (EMAIL_API_KEY or SMTP_URL).',
    })
  );
}

export function emailQueueHandler<Row, Ctx = undefined>(
  q: EmailQueue<Row, Ctx>,
) {
  return async (req: Request, env: Env): Promise<Response> => {
    const send = serviceMailer(req, env);
    if (send instanceof Response) return send;
    const siteUrl = env.SITE_URL || env.SUPABASE_URL || '';
    try {
      const { ctx, answer } = q.before
        ? await q.before(req, env)
        : { ctx: undefined as Ctx, answer: undefined };
      const result = await drainQueue(env, {
        queue: q.queue,
        maxAttempts: intSetting(env.EMAIL_MAX_ATTEMPTS, 5),
        backoffMs: intSetting(env.JOB_BACKOFF_MS, 1000),
        signal: req.signal,
        async handle(job) {
          const rows = await rpc<Row[]>(env, q.read, { p_job_id: job.id });
          const row = rows[0];
          if (!row) return;
          await send(q.compose(row, siteUrl, ctx));
        },
        onError(e) {
          console.error(
            `[${q.name}] an e-mail failed:`,
            e instanceof Error ? e.message : e,
          );
        },
      });
      return jobAnswer(200, { ...answer, ...result });
    } catch (e) {
      console.error(`[${q.name}] failed:`, e);
      return jobAnswer(500, { error: q.failure ?? 'Sending e-mails failed.' });
    }
  };
}
