// run-trials (#35): the 14-day Pro trial's clock. With the service-role key
// only: advance_trials ends the trials that are due (Free again; the team
// fits its seats) and queues the owner's e-mails (3 days and 1 day before,
// the end), then the queue is drained as every e-mail queue's
// (_shared/mail-queue.ts). pg_cron calls it every minute on hosted Supabase,
// the embedded backend's scheduler likewise (docs/background-jobs.md).
// Trials end on time even without an e-mail provider; the e-mails then wait.
// The same clock ends a failed payment's grace (end_billing_grace).
import {
  jobAnswer,
  refuseUnlessService,
  rpc,
  type Env,
} from '../_shared/jobs.ts';
import { emailQueueHandler } from '../_shared/mail-queue.ts';
import { mailerFromEnv } from '../_shared/mail.ts';
import { composeTrialEmail, type TrialEmailRow } from './compose.ts';

const sendTrialEmails = emailQueueHandler<TrialEmailRow>({
  name: 'run-trials',
  queue: 'trial_emails',
  read: 'get_trial_email',
  compose: composeTrialEmail,
  failure: 'Sending trial e-mails failed.',
});

/** The pure Request → Response handler; index.ts serves it on Deno. */
export async function handler(req: Request, env: Env): Promise<Response> {
  const refused = refuseUnlessService(req, env);
  if (refused) return refused;
  // The service role may name the moment (tests move the clock).
  let now = new Date().toISOString();
  const body = (await req.json().catch(() => ({}))) as { now?: unknown };
  if (typeof body?.now === 'string' && !Number.isNaN(Date.parse(body.now)))
    now = new Date(body.now).toISOString();
  let advanced: { ended: number; queued: number; grace_ended: number };
  try {
    advanced = {
      ...(await rpc<{ ended: number; queued: number }>(env, 'advance_trials', {
        p_now: now,
      })),
      // A failed payment's 7-day grace ends on the same clock (#35 billing).
      grace_ended: await rpc<number>(env, 'end_billing_grace', { p_now: now }),
    };
  } catch (e) {
    console.error('[run-trials] advance_trials failed:', e);
    return jobAnswer(500, { error: 'Advancing trials failed.' });
  }
  if (!mailerFromEnv(env))
    return jobAnswer(200, { ...advanced, handled: 0, failed: 0 });
  const sent = await sendTrialEmails(
    new Request(req.url, {
      method: 'POST',
      headers: req.headers,
      body: '{}',
      signal: req.signal,
    }),
    env,
  );
  return jobAnswer(sent.status, { ...advanced, ...(await sent.json()) });
}
