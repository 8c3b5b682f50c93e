import { AI_MESSAGES } from '../../../../shared/domain/validation/ai.ts';
import { LINKEDIN_MESSAGES } from '../../../../shared/domain/linkedin.ts';
import { SESSION_HANDOVER_MESSAGES } from '../../../../shared/domain/session-handover.ts';

// The conformance set of every edge function (issue #24 item 2): requests and
// the answer each must get, run against the in-process handler and against
// the function's index.ts in real Deno (conformance.test.ts), which must also
// answer exactly alike.

/** Credentials of one backend under test. */
export interface Callers {
  anon: string;
  service: string;
  /** A signed-in company's JWT. */
  company: string;
}

export interface ConformanceCase {
  name: string;
  method?: string;
  /** After the function's name (tracker-webhook/<integration id>). */
  path?: string;
  /** Which key goes in `Authorization: Bearer` (the apikey is always anon). */
  as?: keyof Callers;
  /** A JSON value, or a string sent as it is. */
  body?: unknown;
  status: number;
  /** What the JSON answer must contain (null: no body). */
  json?: Record<string, unknown> | null;
  /** Headers the answer must carry. */
  headers?: Record<string, string>;
}

const CORS = { 'access-control-allow-origin': '*' };

const NO_INTEGRATION = '00000000-0000-4000-8000-000000000000';

export const CONFORMANCE: Record<string, ConformanceCase[]> = {
  // #22: a company's trackers (the fake-tracker flows are trackers.test.ts).
  integrations: [
    {
      name: 'preflight',
      method: 'OPTIONS',
      status: 204,
      json: null,
      headers: CORS,
    },
    {
      name: 'GET is refused',
      method: 'GET',
      as: 'company',
      status: 405,
      json: { error: 'Use POST.' },
      headers: CORS,
    },
    {
      name: 'a body that is not JSON',
      as: 'company',
      body: '{',
      status: 400,
      json: { error: 'Send a JSON object with an action.' },
    },
    {
      name: 'an unknown tracker',
      as: 'company',
      body: { action: 'connect', provider: 'trello' },
      status: 400,
      json: { error: 'provider is one of github, gitlab, linear, jira.' },
    },
    {
      name: 'connect without the repository',
      as: 'company',
      body: {
        action: 'connect',
        provider: 'github',
        token: 'ghp_0123456789',
        config: {},
      },
      status: 400,
      json: { error: 'Owner is required.' },
    },
    {
      name: 'an issue for a feedback that is not the company’s',
      as: 'company',
      body: {
        action: 'create-issue',
        provider: 'github',
        feedbackId: NO_INTEGRATION,
      },
      status: 403,
      json: { error: 'This feedback is not available to your company.' },
    },
    {
      name: 'an issue without a session',
      body: {
        action: 'create-issue',
        provider: 'github',
        feedbackId: NO_INTEGRATION,
      },
      status: 401,
      json: { error: 'You need to be signed in.' },
    },
  ],
  // #22: trackers' signed "issue closed" webhooks (no JWT).
  'tracker-webhook': [
    {
      name: 'GET is refused',
      method: 'GET',
      path: `/${NO_INTEGRATION}`,
      status: 405,
      json: { error: 'Use POST.' },
    },
    {
      name: 'no integration in the URL',
      body: {},
      status: 404,
      json: { error: 'Unknown integration.' },
    },
    {
      name: 'an unknown integration',
      path: `/${NO_INTEGRATION}`,
      body: { action: 'closed' },
      status: 404,
      json: { error: 'Unknown integration.' },
    },
  ],
  'process-feedback': [
    {
      name: 'preflight',
      method: 'OPTIONS',
      status: 204,
      json: null,
      headers: CORS,
    },
    {
      name: 'GET is refused',
      method: 'GET',
      status: 405,
      json: { success: false, error: 'Use POST.', structuredFeedback: null },
      headers: CORS,
    },
    {
      name: 'a body that is not JSON',
      body: 'not json',
      status: 400,
      json: { success: false, error: AI_MESSAGES.invalidBody },
    },
    {
      name: 'blank feedback',
      body: { rawFeedback: '   ' },
      status: 400,
      json: { success: false, structuredFeedback: null },
    },
    {
      name: 'feedback is structured offline',
      body: {
        rawFeedback:
          'The checkout page crashes on Android when I press Pay, and I lost my cart twice.',
        companyName: 'Acme',
        websiteUrl: 'https://acme.test/checkout',
      },
      status: 200,
      json: { success: true, error: null, provider: 'offline' },
      headers: CORS,
    },
    {
      name: 'the queue is not for clients',
      body: { queue: 'feedback_processing' },
      status: 401,
      json: { success: false },
    },
    {
      name: 'the queue as the service role',
      as: 'service',
      body: { queue: 'feedback_processing' },
      status: 200,
      json: { handled: 0, failed: 0 },
    },
    {
      name: 'a database webhook needs the service role',
      body: { type: 'INSERT', table: 'feedback', record: { id: 'x' } },
      status: 401,
      json: { success: false },
    },
  ],
  'verify-domain': [
    {
      name: 'preflight',
      method: 'OPTIONS',
      status: 204,
      json: null,
      headers: CORS,
    },
    {
      name: 'GET is refused',
      method: 'GET',
      as: 'company',
      status: 405,
      json: { verified: false, error: 'Use POST.' },
    },
    {
      name: 'no domain',
      as: 'company',
      body: {},
      status: 400,
      json: { verified: false, error: 'Send {"domain": "example.com"}.' },
    },
    {
      name: 'a body that is not JSON',
      as: 'company',
      body: '{',
      status: 400,
      json: { verified: false, error: 'Send {"domain": "example.com"}.' },
    },
    {
      name: "a domain that is not the caller's",
      as: 'company',
      body: { domain: 'not-theirs.example' },
      status: 400,
      json: { verified: false, method: null },
    },
  ],
  'linkedin-oauth': [
    { name: 'preflight', method: 'OPTIONS', status: 200, headers: CORS },
    {
      name: 'GET is refused',
      method: 'GET',
      status: 405,
      json: { success: false, error: 'Use POST.' },
    },
    {
      name: 'not configured',
      as: 'company',
      body: { code: 'c', state: 's', redirect_uri: 'https://x/y' },
      status: 503,
      json: { success: false, error: LINKEDIN_MESSAGES.notConfigured },
    },
  ],
  // #40 item 17: the extension's one-time code (the signed-in flow is
  // session-handover.test.ts).
  'session-handover': [
    { name: 'preflight', method: 'OPTIONS', status: 200, headers: CORS },
    {
      name: 'GET is refused',
      method: 'GET',
      status: 405,
      json: { ok: false, error: 'Use POST.' },
    },
    {
      name: 'a body that is not JSON',
      body: '{',
      status: 400,
      json: { ok: false, error: SESSION_HANDOVER_MESSAGES.expired },
    },
    {
      name: 'an unknown code',
      body: { code: 'ab'.repeat(32) },
      status: 400,
      json: { ok: false, error: SESSION_HANDOVER_MESSAGES.expired },
      headers: CORS,
    },
  ],
  'deliver-webhooks': [
    {
      name: 'clients may not run it',
      body: {},
      status: 401,
      json: { error: 'Only the service role may run jobs.' },
    },
    {
      name: 'GET is refused',
      method: 'GET',
      as: 'service',
      status: 405,
      json: { error: 'Use POST.' },
    },
    {
      name: 'nothing due',
      as: 'service',
      body: {},
      status: 200,
      json: { handled: 0, failed: 0 },
    },
  ],
  'send-digests': [
    {
      name: 'clients may not run it',
      as: 'company',
      body: {},
      status: 401,
      json: { error: 'Only the service role may run jobs.' },
    },
    {
      name: 'GET is refused',
      method: 'GET',
      as: 'service',
      status: 405,
      json: { error: 'Use POST.' },
    },
    {
      name: 'nothing due',
      as: 'service',
      body: {},
      status: 200,
      json: { sent: 0, failed: 0 },
    },
  ],
  'send-invitations': [
    {
      name: 'clients may not run it',
      as: 'company',
      body: {},
      status: 401,
      json: { error: 'Only the service role may run jobs.' },
    },
    {
      name: 'GET is refused',
      method: 'GET',
      as: 'service',
      status: 405,
      json: { error: 'Use POST.' },
    },
    {
      name: 'nothing queued',
      as: 'service',
      body: {},
      status: 200,
      json: { sent: 0, failed: 0 },
    },
  ],
  'send-message-emails': [
    {
      name: 'clients may not run it',
      as: 'company',
      body: {},
      status: 401,
      json: { error: 'Only the service role may run jobs.' },
    },
    {
      name: 'GET is refused',
      method: 'GET',
      as: 'service',
      status: 405,
      json: { error: 'Use POST.' },
    },
    {
      name: 'nothing due',
      as: 'service',
      body: {},
      status: 200,
      json: { handled: 0, failed: 0 },
    },
  ],
  'send-topic-emails': [
    {
      name: 'clients may not run it',
      as: 'company',
      body: {},
      status: 401,
      json: { error: 'Only the service role may run jobs.' },
    },
    {
      name: 'GET is refused',
      method: 'GET',
      as: 'service',
      status: 405,
      json: { error: 'Use POST.' },
    },
    {
      name: 'nothing due',
      as: 'service',
      body: {},
      status: 200,
      json: { handled: 0, failed: 0 },
    },
  ],
  'send-weekly-summaries': [
    {
      name: 'clients may not run it',
      as: 'company',
      body: {},
      status: 401,
      json: { error: 'Only the service role may run jobs.' },
    },
    {
      name: 'GET is refused',
      method: 'GET',
      as: 'service',
      status: 405,
      json: { error: 'Use POST.' },
    },
    {
      name: 'nobody opted in',
      as: 'service',
      body: {},
      status: 200,
      json: { queued: 0, handled: 0, failed: 0 },
    },
  ],
  'run-trials': [
    {
      name: 'clients may not run it',
      as: 'company',
      body: {},
      status: 401,
      json: { error: 'Only the service role may run jobs.' },
    },
    {
      name: 'GET is refused',
      method: 'GET',
      as: 'service',
      status: 405,
      json: { error: 'Use POST.' },
    },
    {
      name: 'no trial due',
      as: 'service',
      body: {},
      status: 200,
      json: { ended: 0, queued: 0, grace_ended: 0, handled: 0, failed: 0 },
    },
  ],
  'send-owner-joined-emails': [
    {
      name: 'clients may not run it',
      as: 'company',
      body: {},
      status: 401,
      json: { error: 'Only the service role may run jobs.' },
    },
    {
      name: 'GET is refused',
      method: 'GET',
      as: 'service',
      status: 405,
      json: { error: 'Use POST.' },
    },
    {
      name: 'nothing due',
      as: 'service',
      body: {},
      status: 200,
      json: { handled: 0, failed: 0 },
    },
  ],
  // #35 billing: without Stripe configured (the default) nothing changes.
  'stripe-webhook': [
    {
      name: 'GET is refused',
      method: 'GET',
      status: 405,
      json: { error: 'Use POST.' },
    },
    {
      name: 'billing not configured',
      body: { id: 'evt_1', type: 'customer.subscription.updated' },
      status: 503,
      json: { error: 'Billing is not configured.' },
    },
  ],
  // #35 billing: without Stripe configured (the default) nothing opens.
  billing: [
    {
      name: 'GET is refused',
      method: 'GET',
      status: 405,
      json: { error: 'Use POST.' },
    },
    {
      name: 'billing not configured',
      as: 'company',
      body: { action: 'checkout', plan: 'pro' },
      status: 503,
      json: { error: 'Billing is not configured.' },
    },
  ],
};
