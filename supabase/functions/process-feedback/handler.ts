// process-feedback (consumer spec §7): raw feedback in, structured feedback
// out. Two callers:
// - the test page and any client: { rawFeedback, feedbackType?, companyName?,
//   websiteUrl? } → { success, error, structuredFeedback, provider }, a few
//   an hour per account and per address (take_ai_preview);
// - the schedulers, with the service-role key: { queue: 'feedback_processing' }
//   processes the due jobs of the AI queue (queue.ts): pg_cron and pg_net on
//   hosted Supabase, the embedded backend's scheduler locally;
// - a database webhook on INSERT into public.feedback ({ type: 'INSERT',
//   table: 'feedback', record }) with the service-role key: the result is
//   stored with apply_feedback_analysis.
import {
  AI_MESSAGES,
  processFeedbackRequestSchema,
  type ProcessFeedbackResponse,
} from '../../../shared/domain/validation/ai.ts';
import { topicText } from '../../../shared/domain/topic-placement.ts';
import { requestAddress } from '../../../shared/domain/request-address.ts';
import { processFeedbackRequest } from '../_shared/ai/process.ts';
import { proposeTopicsQuietly } from '../_shared/ai/topics.ts';
import { isServiceRole } from '../_shared/jobs.ts';
import { drainFeedbackQueue } from './queue.ts';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers':
    'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};

const answer = (
  status: number,
  body: ProcessFeedbackResponse & { provider?: string },
) => Response.json(body, { status, headers: CORS });

const failure = (status: number, error: string | null) =>
  answer(status, { success: false, error, structuredFeedback: null });

/** Previews per hour unless the operator sets AI_PREVIEW_PER_ACCOUNT / AI_PREVIEW_PER_ADDRESS. */
const PREVIEWS_PER_ACCOUNT = 30;
const PREVIEWS_PER_ADDRESS = 15;

/** The user a caller's token names (GoTrue checks it), or null for a visitor. */
async function callerId(
  req: Request,
  env: Record<string, string>,
): Promise<string | null> {
  const auth = req.headers.get('authorization') ?? '';
  const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
  if (!token || token === env.SUPABASE_ANON_KEY) return null;
  const res = await fetch(`${env.SUPABASE_URL}/auth/v1/user`, {
    headers: { apikey: env.SUPABASE_ANON_KEY ?? '', authorization: auth },
  });
  if (!res.ok) return null;
  const user = (await res.json()) as { id?: unknown };
  return typeof user.id === 'string' ? user.id : null;
}

/**
 * A client's preview spends the operator's LLM budget: one per call for the
 * caller's account and address (the one the gateway decided), counted by
 * the database. The 429 (with Retry-After) to return, or null to go on.
 */
async function previewRefusal(
  req: Request,
  env: Record<string, string>,
): Promise<Response | null> {
  const serviceKey = env.SUPABASE_SERVICE_ROLE_KEY ?? '';
  const address = requestAddress((name) => req.headers.get(name));
  const res = await fetch(`${env.SUPABASE_URL}/rest/v1/rpc/take_ai_preview`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: serviceKey,
      authorization: `Bearer ${serviceKey}`,
    },
    body: JSON.stringify({
      p_user_id: await callerId(req, env),
      p_address: address,
      p_per_account: Number(env.AI_PREVIEW_PER_ACCOUNT) || PREVIEWS_PER_ACCOUNT,
      p_per_address: Number(env.AI_PREVIEW_PER_ADDRESS) || PREVIEWS_PER_ADDRESS,
    }),
  });
  if (res.ok) {
    await res.body?.cancel();
    return null;
  }
  if (res.status === 429) {
    const { message } = (await res.json()) as { message?: string };
    const limited = failure(429, message ?? AI_MESSAGES.failed);
    limited.headers.set('retry-after', res.headers.get('retry-after') ?? '60');
    return limited;
  }
  // Unchecked means unlimited: refuse rather than spend.
  await res.body?.cancel();
  return failure(503, AI_MESSAGES.failed);
}

interface WebhookPayload {
  type: 'INSERT';
  table?: string;
  // Only the id is used: the text and the registered company name are read
  // back with feedback_ai_input, so the payload cannot sign for a company.
  record: { id?: unknown };
}

const isWebhook = (body: unknown): body is WebhookPayload =>
  typeof body === 'object' &&
  body !== null &&
  (body as { type?: unknown }).type === 'INSERT' &&
  typeof (body as { record?: unknown }).record === 'object' &&
  (body as { record?: unknown }).record !== null;

/** The schedulers' call: `{ "queue": "feedback_processing" }`. */
const isQueueCall = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  (body as { queue?: unknown }).queue === 'feedback_processing';

async function handleWebhook(
  req: Request,
  env: Record<string, string>,
  payload: WebhookPayload,
): Promise<Response> {
  const serviceKey = env.SUPABASE_SERVICE_ROLE_KEY;
  if (
    !serviceKey ||
    req.headers.get('authorization') !== `Bearer ${serviceKey}`
  )
    return failure(401, 'Only the database webhook may send records.');
  const { id } = payload.record;
  if (typeof id !== 'string')
    return failure(400, 'The record has no id or raw_description.');
  // The registered name of the company that verified the site signs the
  // reply, never the name the consumer typed (#23).
  const input = await fetch(
    `${env.SUPABASE_URL}/rest/v1/rpc/feedback_ai_input`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        apikey: serviceKey,
        authorization: `Bearer ${serviceKey}`,
      },
      body: JSON.stringify({ p_feedback_id: id }),
    },
  );
  if (!input.ok)
    return failure(502, `Reading the feedback failed (HTTP ${input.status}).`);
  const row = (await input.json()) as {
    title?: unknown;
    raw_description?: unknown;
    website_url?: unknown;
    company_name?: unknown;
  } | null;
  const parsed = processFeedbackRequestSchema.safeParse({
    rawFeedback: row?.raw_description,
    companyName:
      typeof row?.company_name === 'string' ? row.company_name : null,
    websiteUrl: typeof row?.website_url === 'string' ? row.website_url : null,
  });
  if (!parsed.success)
    return failure(400, 'The record has no id or raw_description.');
  const result = await processFeedbackRequest(parsed.data, env);
  const res = await fetch(
    `${env.SUPABASE_URL}/rest/v1/rpc/apply_feedback_analysis`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        apikey: serviceKey,
        authorization: `Bearer ${serviceKey}`,
      },
      body: JSON.stringify({
        p_feedback_id: id,
        p_analysis: result.structuredFeedback,
      }),
    },
  );
  // A non-2xx answer makes the webhook's delivery fail, so it is retried and logged.
  if (!res.ok)
    return failure(502, `Storing the analysis failed (HTTP ${res.status}).`);
  await proposeTopicsQuietly(
    env,
    id,
    topicText(
      typeof row?.title === 'string' ? row.title : null,
      String(row?.raw_description),
    ),
  );
  return answer(200, {
    success: true,
    error: null,
    structuredFeedback: result.structuredFeedback,
    provider: result.provider,
  });
}

/** The pure Request → Response handler; index.ts serves it on Deno. */
export async function handler(
  req: Request,
  env: Record<string, string>,
): Promise<Response> {
  if (req.method === 'OPTIONS')
    return new Response(null, { status: 204, headers: CORS });
  if (req.method !== 'POST') return failure(405, 'Use POST.');
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    return failure(400, AI_MESSAGES.invalidBody);
  }
  try {
    if (isWebhook(body)) return await handleWebhook(req, env, body);
    if (isQueueCall(body)) {
      if (!isServiceRole(req, env))
        return failure(401, 'Only the service role may run the queue.');
      return await drainFeedbackQueue(env, req.signal);
    }
    const parsed = processFeedbackRequestSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return failure(
        400,
        issue?.path[0] === 'rawFeedback'
          ? issue.message
          : (issue?.message ?? AI_MESSAGES.invalidBody),
      );
    }
    if (!isServiceRole(req, env)) {
      const refused = await previewRefusal(req, env);
      if (refused) return refused;
    }
    const result = await processFeedbackRequest(parsed.data, env);
    return answer(200, {
      success: true,
      error: null,
      structuredFeedback: result.structuredFeedback,
      provider: result.provider,
    });
  } catch (e) {
    console.error('[process-feedback] failed:', e);
    return failure(500, AI_MESSAGES.failed);
  }
}
