// deliver-webhooks (issue #8, #24): sends due company webhook deliveries.
// The insert trigger queues one row per endpoint in
// public.company_webhook_deliveries; whoever calls this function with the
// service-role key (pg_cron every minute and pg_net when a delivery becomes
// due on hosted Supabase; the embedded backend's scheduler locally) makes it
// claim the due rows, POST each signed body with a timeout, record the
// receiver's status, and leave retries and failures to finish_background_job.
// Outside WEBHOOKS_ALLOW_PRIVATE (the embedded backend's demo mode) only HTTPS
// endpoints on public addresses are called.
import { lookup as nodeLookup } from 'node:dns/promises';
import {
  bareHost,
  resolvesToPublic,
  type Lookup,
} from '../_shared/public-fetch.ts';
import {
  drainQueue,
  intSetting,
  jobAnswer,
  refuseUnlessService,
  rpc,
  type Env,
  type QueuedJob,
} from '../_shared/jobs.ts';
import { signWebhookBody, webhookBody, type Delivery } from './body.ts';

export interface DeliverWebhooksDeps {
  fetch: typeof fetch;
  lookup: Lookup;
}

async function deliver(job: QueuedJob, env: Env, deps: DeliverWebhooksDeps) {
  const rows = await rpc<Delivery[]>(env, 'get_webhook_delivery', {
    p_delivery_id: job.id,
  });
  const delivery = rows[0];
  // Endpoint removed or paused, or feedback deleted: nothing to send.
  if (!delivery) return;
  if (!delivery.verified) throw new Error('The domain is no longer verified.');
  const url = new URL(delivery.url);
  if (env.WEBHOOKS_ALLOW_PRIVATE !== '1') {
    if (url.protocol !== 'https:')
      throw new Error('Webhook URLs must use HTTPS.');
    if (!(await resolvesToPublic(bareHost(url), deps.lookup)))
      throw new Error('The webhook host resolves to a private address.');
  }
  const timeoutMs = intSetting(env.WEBHOOK_TIMEOUT_MS, 5000);
  const body = webhookBody(delivery);
  let res: Response;
  try {
    res = await deps.fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Peega-Webhooks/1',
        'x-peega-event': 'feedback.created',
        'x-peega-delivery': String(job.id),
        'x-peega-signature': await signWebhookBody(delivery.secret, body),
      },
      body,
    });
  } catch (e) {
    const name = e instanceof Error ? e.name : '';
    throw new Error(
      name === 'TimeoutError' || name === 'AbortError'
        ? `The receiver did not answer within ${timeoutMs} ms.`
        : `The receiver could not be reached (${e instanceof Error ? e.message : String(e)}).`,
      { cause: e },
    );
  }
  await res.body?.cancel().catch(() => undefined);
  await rpc(env, 'record_webhook_response', {
    p_delivery_id: job.id,
    p_status: res.status,
  });
  if (res.status < 200 || res.status > 299)
    throw new Error(`The receiver answered HTTP ${res.status}.`);
}

/** The handler with its network injected (tests use local servers). */
export function createDeliverWebhooksHandler(deps: DeliverWebhooksDeps) {
  return async (req: Request, env: Env): Promise<Response> => {
    const refused = refuseUnlessService(req, env);
    if (refused) return refused;
    try {
      const result = await drainQueue(env, {
        queue: 'webhook_deliveries',
        maxAttempts: intSetting(env.WEBHOOK_MAX_ATTEMPTS, 5),
        backoffMs: intSetting(env.JOB_BACKOFF_MS, 1000),
        handle: (job) => deliver(job, env, deps),
        signal: req.signal,
        onError: (e, job) =>
          console.error(
            `[deliver-webhooks] delivery ${job.id} failed (attempt ${job.attempts}):`,
            e instanceof Error ? e.message : e,
          ),
      });
      return jobAnswer(200, result);
    } catch (e) {
      console.error('[deliver-webhooks] failed:', e);
      return jobAnswer(500, { error: 'Delivering webhooks failed.' });
    }
  };
}

const resolveAll: Lookup = async (host) =>
  (await nodeLookup(host, { all: true })).map((a) => a.address);

/** The pure Request → Response handler; index.ts serves it on Deno. */
export const handler = createDeliverWebhooksHandler({
  fetch: (input, init) => fetch(input, init),
  lookup: resolveAll,
});
