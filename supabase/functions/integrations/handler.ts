// integrations (#22): a company's issue trackers. POST with the member's JWT:
//   {action:'connect', provider, token, config}   owner/admin
//   {action:'disconnect', provider}                owner/admin
//   {action:'set-webhook-secret', provider, secret} owner/admin (Linear's own secret)
//   {action:'create-issue', provider, feedbackId | topicId}   any member
// Who may do what is asked of the database with the caller's JWT
// (authorize_integration_admin, prepare_tracker_issue: membership, view
// allowance, rate limits); the token is encrypted here (secret-box.ts) and
// only ciphertext is stored or read, through service-role RPCs.
import { lookup as nodeLookup } from 'node:dns/promises';
import {
  isTracker,
  issueText,
  tokenHint,
  TRACKER_LABEL,
  validateTrackerConfig,
  type IssueSource,
  type Tracker,
  type TrackerConfig,
} from '../../../shared/domain/integrations.ts';
import { paths } from '../../../shared/domain/app-paths.ts';
import { rpc as serviceRpc } from '../_shared/jobs.ts';
import type { Lookup } from '../_shared/public-fetch.ts';
import {
  integrationsKey,
  MissingKey,
  open,
  randomSecret,
  seal,
} from '../_shared/secret-box.ts';
import {
  createTrackerIssue,
  TrackerError,
  type Env,
  type TrackerDeps,
} from '../_shared/trackers/create-issue.ts';
import { answer, asCaller, CORS, fail, refusedBy } from '../_shared/caller.ts';

const uuid = (v: unknown): string | null =>
  typeof v === 'string' &&
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)
    ? v
    : null;

async function connect(
  req: Request,
  env: Env,
  input: Record<string, unknown>,
  provider: Tracker,
): Promise<Response> {
  const token = typeof input.token === 'string' ? input.token.trim() : '';
  if (token.length < 8 || token.length > 1000 || /\s/.test(token))
    return fail(400, `Paste the ${TRACKER_LABEL[provider]} token.`);
  const checked = validateTrackerConfig(provider, input.config, {
    allowHttp: env.WEBHOOKS_ALLOW_PRIVATE === '1',
  });
  if ('error' in checked) return fail(400, checked.error);
  const who = await asCaller(env, req, 'authorize_integration_admin', {});
  if (!who.ok)
    return refusedBy(who, 'Only an owner or admin can connect trackers.');
  const { company_id, actor_id } = who.body as {
    company_id: string;
    actor_id: string;
  };
  const key = await integrationsKey(env);
  const secret = randomSecret();
  const id = await serviceRpc<string>(env, 'save_company_integration', {
    p_company_id: company_id,
    p_actor_id: actor_id,
    p_provider: provider,
    p_config: checked.config,
    p_token_ciphertext: await seal(key, token),
    p_token_hint: tokenHint(token),
    p_secret_ciphertext: await seal(key, secret),
  });
  // The secret is shown this once; the tracker signs its webhooks with it.
  return answer(200, {
    integration: {
      id,
      provider,
      config: checked.config,
      token_hint: tokenHint(token),
    },
    webhook: {
      url: `${env.SUPABASE_URL}/functions/v1/tracker-webhook/${id}`,
      secret,
    },
  });
}

/** Linear generates a webhook's signing secret: the admin pastes it here. */
async function setWebhookSecret(
  req: Request,
  env: Env,
  input: Record<string, unknown>,
  provider: Tracker,
): Promise<Response> {
  const secret = typeof input.secret === 'string' ? input.secret.trim() : '';
  if (secret.length < 8 || secret.length > 200 || /\s/.test(secret))
    return fail(
      400,
      `Paste the signing secret ${TRACKER_LABEL[provider]} shows for the webhook.`,
    );
  const who = await asCaller(env, req, 'authorize_integration_admin', {});
  if (!who.ok)
    return refusedBy(who, 'Only an owner or admin can change trackers.');
  const { company_id } = who.body as { company_id: string };
  const saved = await serviceRpc<boolean>(
    env,
    'save_integration_webhook_secret',
    {
      p_company_id: company_id,
      p_provider: provider,
      p_secret_ciphertext: await seal(await integrationsKey(env), secret),
    },
  );
  return saved
    ? answer(200, { saved: true })
    : fail(404, 'This tracker is not connected.');
}

interface Prepared {
  existing?: Record<string, unknown>;
  integration_id: string;
  company_id: string;
  actor_id: string;
  issue: IssueSource;
}

interface Credentials {
  provider: Tracker;
  config: TrackerConfig;
  token_ciphertext: string;
}

async function createIssue(
  req: Request,
  env: Env,
  input: Record<string, unknown>,
  provider: Tracker,
  deps: TrackerDeps,
): Promise<Response> {
  const feedbackId = uuid(input.feedbackId);
  const topicId = uuid(input.topicId);
  if ((feedbackId === null) === (topicId === null))
    return fail(400, 'Send {"feedbackId"} or {"topicId"}.');
  const prepared = await asCaller(env, req, 'prepare_tracker_issue', {
    p_provider: provider,
    p_feedback_id: feedbackId,
    p_topic_id: topicId,
  });
  if (!prepared.ok) return refusedBy(prepared, 'The issue cannot be created.');
  const p = prepared.body as Prepared;
  if (p.existing) return answer(200, { link: p.existing, existing: true });
  const [cred] = await serviceRpc<Credentials[]>(
    env,
    'get_integration_credentials',
    {
      p_integration_id: p.integration_id,
    },
  );
  if (!cred) return fail(404, 'This tracker is not connected.');
  const token = await open(await integrationsKey(env), cred.token_ciphertext);
  const site = (env.SITE_URL || env.SUPABASE_URL || '').replace(/\/+$/, '');
  const dashboardUrl = `${site}${paths.companyDashboard}?${p.issue.kind}=${encodeURIComponent(p.issue.id)}`;
  const issue = await createTrackerIssue(
    provider,
    cred.config,
    token,
    issueText(p.issue, dashboardUrl),
    env,
    deps,
  );
  const link = await serviceRpc<Record<string, unknown>>(
    env,
    'record_issue_link',
    {
      p_company_id: p.company_id,
      p_actor_id: p.actor_id,
      p_provider: provider,
      p_feedback_id: feedbackId,
      p_topic_id: topicId,
      p_external_id: issue.externalId,
      p_external_key: issue.key,
      p_url: issue.url,
    },
  );
  return answer(201, { link, existing: false });
}

export function createIntegrationsHandler(deps: TrackerDeps) {
  return async (req: Request, env: Env): Promise<Response> => {
    if (req.method === 'OPTIONS')
      return new Response(null, { status: 204, headers: CORS });
    if (req.method !== 'POST') return fail(405, 'Use POST.');
    if (!(req.headers.get('authorization') ?? '').startsWith('Bearer '))
      return fail(401, 'You need to be signed in.');
    let input: Record<string, unknown>;
    try {
      const v: unknown = await req.json();
      if (typeof v !== 'object' || v === null) throw new Error('not an object');
      input = v as Record<string, unknown>;
    } catch {
      return fail(400, 'Send a JSON object with an action.');
    }
    if (!isTracker(input.provider))
      return fail(400, 'provider is one of github, gitlab, linear, jira.');
    const provider = input.provider;
    try {
      switch (input.action) {
        case 'connect':
          return await connect(req, env, input, provider);
        case 'disconnect': {
          const r = await asCaller(env, req, 'disconnect_company_integration', {
            p_provider: provider,
          });
          return r.ok
            ? answer(200, { disconnected: r.body === true })
            : refusedBy(r, 'The tracker could not be disconnected.');
        }
        case 'set-webhook-secret':
          return await setWebhookSecret(req, env, input, provider);
        case 'create-issue':
          return await createIssue(req, env, input, provider, deps);
        default:
          return fail(
            400,
            'action is connect, disconnect, set-webhook-secret or create-issue.',
          );
      }
    } catch (e) {
      if (e instanceof TrackerError) return fail(e.status, e.message);
      if (e instanceof MissingKey) {
        console.error('[integrations]', e.message);
        return fail(
          500,
          'Integrations are not set up on this server (encryption key missing).',
        );
      }
      console.error('[integrations] failed:', e);
      return fail(500, 'The integration request failed.');
    }
  };
}

const resolveAll: Lookup = async (host) =>
  (await nodeLookup(host, { all: true })).map((a) => a.address);

/** The handler with the system network; index.ts serves it on Deno. */
export const handler = createIntegrationsHandler({
  fetch: (input, init) => fetch(input, init),
  lookup: resolveAll,
});
