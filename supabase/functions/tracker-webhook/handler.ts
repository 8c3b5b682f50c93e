// tracker-webhook (#22): where GitHub, GitLab, Linear and Jira tell Peega an
// issue was closed. Public (verify_jwt = false): the URL names the
// integration (/tracker-webhook/<id>) and the body must carry that
// integration's signature (webhook-events.ts), checked on the raw body
// before anything changes. A verified close marks the issue link closed and,
// when the company left complete_on_close on, completes the feedback or the
// topic (close_tracker_issue, idempotent: replays change nothing).
import { isTracker } from '../../../shared/domain/integrations.ts';
import { rpc as serviceRpc, type Env } from '../_shared/jobs.ts';
import { integrationsKey, MissingKey, open } from '../_shared/secret-box.ts';
import { verifyTrackerWebhook } from '../_shared/trackers/webhook-events.ts';

/** Trackers send a few KB; more is not a tracker. */
export const MAX_BODY_BYTES = 1024 * 1024;

const answer = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status });

/** The body, or null past `max` bytes (read no further). */
async function readLimited(
  req: Request,
  max: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) return null;
  const reader = req.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return all;
}

interface Credentials {
  provider: string;
  webhook_secret_ciphertext: string;
}

export function createTrackerWebhookHandler(now: () => number = Date.now) {
  return async (req: Request, env: Env): Promise<Response> => {
    if (req.method !== 'POST') return answer(405, { error: 'Use POST.' });
    const id = /\/tracker-webhook\/([0-9a-f-]{36})\/?$/i.exec(
      new URL(req.url).pathname,
    )?.[1];
    if (!id) return answer(404, { error: 'Unknown integration.' });
    const raw = await readLimited(req, MAX_BODY_BYTES);
    if (!raw) return answer(413, { error: 'The body is larger than 1 MB.' });
    try {
      const [cred] = await serviceRpc<Credentials[]>(
        env,
        'get_integration_credentials',
        {
          p_integration_id: id,
        },
      );
      if (!cred || !isTracker(cred.provider))
        return answer(404, { error: 'Unknown integration.' });
      const secret = await open(
        await integrationsKey(env),
        cred.webhook_secret_ciphertext,
      );
      const verdict = await verifyTrackerWebhook(
        cred.provider,
        secret,
        req.headers,
        raw,
        now(),
      );
      if (!verdict.ok) return answer(401, { error: verdict.error });
      if (verdict.closed === null) return answer(202, { ignored: true });
      const result = await serviceRpc<Record<string, unknown>>(
        env,
        'close_tracker_issue',
        {
          p_integration_id: id,
          p_external_id: verdict.closed,
        },
      );
      return answer(200, result ?? {});
    } catch (e) {
      if (e instanceof MissingKey)
        console.error('[tracker-webhook]', e.message);
      else console.error('[tracker-webhook] failed:', e);
      return answer(500, { error: 'The webhook could not be handled.' });
    }
  };
}

/** The pure handler; index.ts serves it on Deno. */
export const handler = createTrackerWebhookHandler();
