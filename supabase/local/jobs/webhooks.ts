import { createHmac } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import { escapeSlackText } from '../../../shared/domain/webhooks.ts';
import {
  bareHost,
  resolvesToPublic,
} from '../../functions/_shared/public-fetch.ts';
import type { Db } from '../db/types.ts';
import { createQueueWorker, type QueueWorker } from './queue-worker.ts';

interface DeliveryJob {
  id: number;
  attempts: number;
  feedback_id: string;
}

interface Delivery {
  url: string;
  format: 'json' | 'slack';
  secret: string;
  verified: boolean;
  payload: {
    company: string;
    feedback: {
      title: string;
      /** Null on a plan with a view allowance: the text is behind the view. */
      description: string | null;
      category: string;
      website_url: string | null;
      website_host: string | null;
    };
  };
}

export interface WebhookWorkerOptions {
  /** Allow http:// and private addresses (demo mode only). */
  allowPrivate: boolean;
  fetch?: typeof fetch;
  /** Resolves a host name to its addresses (private ones are refused). */
  lookup?(host: string): Promise<string[]>;
  timeoutMs?: number;
  maxAttempts?: number;
  backoffMs?(attempt: number): number;
  pollMs?: number;
}

/** HMAC-SHA256 signature header value of a body: `sha256=<hex>`. */
export function signWebhookBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** The request body of one delivery in its endpoint's format. */
export function webhookBody(delivery: Delivery): string {
  if (delivery.format === 'slack') {
    const f = delivery.payload.feedback;
    // Every value is the consumer's (or derived from it): escaped for mrkdwn
    // after cutting, so an entity is never cut in half (red-team finding L14).
    const e = escapeSlackText;
    const body =
      f.description === null
        ? 'Open it in your Peega dashboard to read it.'
        : e(f.description.slice(0, 500));
    return JSON.stringify({
      text: `New ${e(f.category)} feedback on ${e(f.website_host ?? 'your site')}: *${e(f.title)}*\n${body}`,
    });
  }
  return JSON.stringify(delivery.payload);
}

const defaultLookup = async (host: string) =>
  (await dnsLookup(host, { all: true })).map((a) => a.address);

/**
 * Delivers new feedback to company webhooks: the insert trigger queues one
 * row per endpoint in public.company_webhook_deliveries and NOTIFYs; this
 * worker POSTs the anonymised JSON (or Slack text) signed with the endpoint's
 * secret, with a timeout, and retries non-2xx answers and network errors with
 * backoff up to maxAttempts; the rows are the delivery log companies read.
 * Outside demo mode only HTTPS endpoints on public addresses are called.
 */
export async function startWebhookWorker(
  db: Db,
  options: WebhookWorkerOptions,
): Promise<QueueWorker> {
  const doFetch = options.fetch ?? fetch;
  const lookup = options.lookup ?? defaultLookup;
  const worker = createQueueWorker<DeliveryJob>(db, {
    table: 'public.company_webhook_deliveries',
    pollMs: options.pollMs ?? 5000,
    maxAttempts: options.maxAttempts ?? 5,
    backoffMs: options.backoffMs,
    onError: (e, job) =>
      console.error(
        `[webhooks] delivery ${job.id} failed (attempt ${job.attempts}):`,
        e instanceof Error ? e.message : e,
      ),
    async handle(job) {
      const { rows } = await db.query<Delivery>(
        'select * from public.get_webhook_delivery($1)',
        [job.id],
      );
      const delivery = rows[0];
      // Endpoint removed or paused, or feedback deleted: nothing to send.
      if (!delivery) return;
      if (!delivery.verified)
        throw new Error('The domain is no longer verified.');
      const url = new URL(delivery.url);
      if (!options.allowPrivate) {
        if (url.protocol !== 'https:')
          throw new Error('Webhook URLs must use HTTPS.');
        if (!(await resolvesToPublic(bareHost(url), lookup)))
          throw new Error('The webhook host resolves to a private address.');
      }
      const body = webhookBody(delivery);
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          redirect: 'manual',
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Peega-Webhooks/1',
            'x-peega-event': 'feedback.created',
            'x-peega-delivery': String(job.id),
            'x-peega-signature': signWebhookBody(delivery.secret, body),
          },
          body,
        });
      } catch (e) {
        const name = e instanceof Error ? e.name : '';
        throw new Error(
          name === 'TimeoutError' || name === 'AbortError'
            ? `The receiver did not answer within ${options.timeoutMs ?? 5000} ms.`
            : `The receiver could not be reached (${e instanceof Error ? e.message : String(e)}).`,
          { cause: e },
        );
      }
      await res.body?.cancel().catch(() => undefined);
      await db.query('select public.record_webhook_response($1, $2)', [
        job.id,
        res.status,
      ]);
      if (res.status < 200 || res.status > 299)
        throw new Error(`The receiver answered HTTP ${res.status}.`);
    },
  });
  const unlisten = await db.listen('company_webhook_deliveries', () =>
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
