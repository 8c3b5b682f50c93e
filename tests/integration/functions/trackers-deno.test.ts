import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import { denoChildren } from '../../support/deno-children.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  query,
} from '../db/support.ts';
import {
  bearerFor,
  callFunction,
  closedEvent,
  startFakeTracker,
  type FakeTracker,
} from './trackers/support.ts';

// #22 in real Deno (what hosted Supabase runs): integrations encrypts with
// Deno's Web Crypto, calls the fake GitHub and keeps the link; the signed
// close reaches tracker-webhook, which completes the feedback.
let t: TestBackend;
let github: FakeTracker;

beforeAll(async () => {
  github = await startFakeTracker(() => ({
    status: 201,
    body: { number: 3, html_url: 'https://github.com/acme/site/issues/3' },
  }));
  t = await startTestBackend({
    env: { PEEGA_FUNCTIONS_RUNTIME: 'deno' },
    functionEnv: { PEEGA_GITHUB_API_URL: github.url },
    configure(config) {
      config.functionSecrets = [];
    },
  });
}, 180_000);
afterAll(async () => {
  await t?.stop();
  await github?.stop();
});

it('connect, create an issue and close it, all in Deno', async () => {
  const company = await createCompany(t, { domain: 'deno-handoff.example' });
  const author = await createUser(t);
  const { id: feedbackId } = await insertFeedback(t, author.id, {
    websiteUrl: 'https://deno-handoff.example/x',
    title: 'From Deno',
  });
  const authorization = await bearerFor(t, company.id, company.email);
  const connected = await callFunction(
    t,
    'integrations',
    {
      action: 'connect',
      provider: 'github',
      token: 'ghp_deno_token_4321',
      config: { owner: 'acme', repo: 'site' },
    },
    { authorization },
  );
  expect(connected.status, JSON.stringify(connected.body)).toBe(200);
  const hook = connected.body.webhook as { url: string; secret: string };
  const created = await callFunction(
    t,
    'integrations',
    { action: 'create-issue', provider: 'github', feedbackId },
    { authorization },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(github.seen.at(-1)?.headers.authorization).toBe(
    'Bearer ghp_deno_token_4321',
  );
  const event = closedEvent('github', hook.secret, '3');
  const res = await fetch(hook.url, {
    method: 'POST',
    headers: event.headers,
    body: event.body,
  });
  expect(res.status).toBe(200);
  const [row] = await query<{ status: string }>(
    t,
    'select status from public.feedback where id = $1',
    [feedbackId],
  );
  expect(row?.status).toBe('completed');
  expect(denoChildren()).toEqual(
    expect.arrayContaining(['integrations', 'tracker-webhook']),
  );
}, 120_000);
