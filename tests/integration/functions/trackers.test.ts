import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFeedback } from '../db/support.ts';
import { rows, startWorld, type World } from '../../permissions/support.ts';
import {
  bearerFor,
  callFunction,
  closedEvent,
  startFakeTracker,
  type FakeTracker,
} from './trackers/support.ts';

// Hand-off to GitHub, GitLab, Linear and Jira (#22) against fake servers that
// check what the real APIs expect, then each tracker's signed "closed"
// webhook completing the feedback or topic (notification and XP once).
let w: World;
let github: FakeTracker;
let gitlab: FakeTracker;
let linear: FakeTracker;
let jira: FakeTracker;
let owner: string;

const TOKENS = {
  github: 'github_pat_11AAAA-secret-token-1234',
  gitlab: 'glpat-secret-gitlab-token-5678',
  linear: 'lin_api_secret-linear-key-9abc',
  jira: 'ATATT3x-secret-jira-token-def0',
};

beforeAll(async () => {
  github = await startFakeTracker((r) =>
    r.path === '/repos/acme/website/issues'
      ? {
          status: 201,
          body: {
            number: 12,
            html_url: 'https://github.com/acme/website/issues/12',
          },
        }
      : { status: 404, body: { message: 'Not Found' } },
  );
  gitlab = await startFakeTracker(() => ({
    status: 201,
    body: {
      iid: 34,
      web_url: 'https://gitlab.example/acme/website/-/issues/34',
    },
  }));
  linear = await startFakeTracker(() => ({
    status: 200,
    body: {
      data: {
        issueCreate: {
          success: true,
          issue: {
            id: 'b1f5c0de-0000-4000-8000-000000000007',
            identifier: 'ENG-7',
            url: 'https://linear.app/acme/issue/ENG-7',
          },
        },
      },
    },
  }));
  jira = await startFakeTracker(() => ({
    status: 201,
    body: {
      id: '10003',
      key: 'WEB-3',
      self: 'https://acme.atlassian.net/rest/api/3/issue/10003',
    },
  }));
  w = await startWorld(
    {},
    {
      functionEnv: {
        WEBHOOKS_ALLOW_PRIVATE: '1',
        PEEGA_GITHUB_API_URL: github.url,
        PEEGA_LINEAR_API_URL: `${linear.url}/graphql`,
        TRACKER_TIMEOUT_MS: '1000',
      },
    },
  );
  owner = await bearerFor(w.t, w.id.companyX, w.email.companyX);
});
afterAll(async () => {
  await w?.t.stop();
  await Promise.all([github, gitlab, linear, jira].map((f) => f?.stop()));
});

const CONFIG = () => ({
  github: { owner: 'acme', repo: 'website' },
  gitlab: { base_url: gitlab.url, project: 'acme/website' },
  linear: { team_id: '9cfb482a-81e3-4154-b5b9-2c805e70a02d' },
  jira: { site_url: jira.url, email: 'dev@acme.test', project_key: 'WEB' },
});

async function connect(provider: keyof typeof TOKENS) {
  const r = await callFunction(
    w.t,
    'integrations',
    {
      action: 'connect',
      provider,
      token: TOKENS[provider],
      config: CONFIG()[provider],
    },
    { authorization: owner },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as {
    integration: { id: string; token_hint: string };
    webhook: { url: string; secret: string };
  };
}

const createIssue = (
  target: Record<string, string>,
  provider: string,
  bearer = owner,
) =>
  callFunction(
    w.t,
    'integrations',
    { action: 'create-issue', provider, ...target },
    { authorization: bearer },
  );

async function webhook(
  url: string,
  event: { body: string; headers: Record<string, string> },
) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...event.headers },
    body: event.body,
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
  };
}

const statusOf = async (id: string) =>
  (
    await rows<{ status: string }>(
      w,
      'select status from public.feedback where id = $1',
      [id],
    )
  )[0]?.status;

const completions = async (userId: string, feedbackId: string) => ({
  xp: (
    await rows(
      w,
      `select 1 from public.user_points where user_id = $1 and feedback_id = $2 and action_type = 'feedback_completed'`,
      [userId, feedbackId],
    )
  ).length,
  notes: (
    await rows(
      w,
      `select 1 from public.notifications where user_id = $1 and feedback_id = $2 and new_status = 'completed'`,
      [userId, feedbackId],
    )
  ).length,
});

describe('GitHub', () => {
  let hook: { url: string; secret: string };
  let feedbackId: string;
  beforeAll(async () => {
    hook = (await connect('github')).webhook;
    feedbackId = (
      await insertFeedback(w.t, w.id.consumerA, {
        websiteUrl: 'https://example.com/checkout?session=abc123',
        title: 'Pay button does nothing',
        description:
          'Clicking pay does nothing. Write to alice@perm.test for details.',
        category: 'bug',
      })
    ).id;
  });

  it('the token is stored encrypted, shown as its last four characters only', async () => {
    const [stored] = await rows<{
      token_ciphertext: string;
      webhook_secret_ciphertext: string;
    }>(
      w,
      `select token_ciphertext, webhook_secret_ciphertext from private.company_integrations where provider = 'github'`,
    );
    expect(stored!.token_ciphertext).toMatch(/^v1:/);
    expect(stored!.token_ciphertext).not.toContain(TOKENS.github);
    expect(
      Buffer.from(stored!.token_ciphertext.slice(3), 'base64').toString(
        'latin1',
      ),
    ).not.toContain('secret-token');
    expect(stored!.webhook_secret_ciphertext).not.toContain(hook.secret);
    const listed = await w.as.companyX.rpc('get_company_integrations');
    expect(listed.error).toBeNull();
    expect(JSON.stringify(listed.data)).not.toContain(TOKENS.github);
    expect(listed.data).toEqual([
      expect.objectContaining({
        provider: 'github',
        token_hint: '1234',
        config: { owner: 'acme', repo: 'website' },
      }),
    ]);
  });

  it('creates the issue as GitHub’s REST API expects, without the author', async () => {
    const r = await createIssue({ feedbackId }, 'github');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.link).toMatchObject({
      external_key: '#12',
      url: 'https://github.com/acme/website/issues/12',
      state: 'open',
    });
    const req = github.seen.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/repos/acme/website/issues');
    expect(req.headers.authorization).toBe(`Bearer ${TOKENS.github}`);
    expect(req.headers.accept).toBe('application/vnd.github+json');
    expect(req.headers['x-github-api-version']).toBe('2022-11-28');
    expect(req.headers['user-agent']).toMatch(/\S/);
    const body = req.body as { title: string; body: string; labels: string[] };
    expect(body.title).toBe('Pay button does nothing');
    expect(body.body).toContain('Clicking pay does nothing.');
    expect(body.body).toContain('Page: example.com/checkout');
    expect(body.body).not.toContain('session=abc123');
    expect(body.body).not.toContain('alice@perm.test');
    expect(body.body).not.toMatch(/Alice|consumer-a@perm\.test/);
    expect(body.body).toContain(`/company-dashboard?feedback=${feedbackId}`);
    expect(body.labels).toEqual(['peega', 'bug']);
  });

  it('a second click returns the same link instead of a second issue', async () => {
    const before = github.seen.length;
    const r = await createIssue({ feedbackId }, 'github');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      existing: true,
      link: { external_key: '#12' },
    });
    expect(github.seen.length).toBe(before);
  });

  it('a forged or missing signature is refused and changes nothing', async () => {
    const forged = closedEvent('github', 'not-the-secret', '12');
    expect((await webhook(hook.url, forged)).status).toBe(401);
    const unsigned = closedEvent('github', hook.secret, '12');
    delete unsigned.headers['x-hub-signature-256'];
    expect((await webhook(hook.url, unsigned)).status).toBe(401);
    expect(await statusOf(feedbackId)).not.toBe('completed');
    const [link] = await rows(
      w,
      `select state from public.issue_links where feedback_id = $1`,
      [feedbackId],
    );
    expect(link).toEqual({ state: 'open' });
  });

  it('the signed close completes the feedback; the author is notified and gets XP once', async () => {
    const event = closedEvent('github', hook.secret, '12');
    const first = await webhook(hook.url, event);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      matched: true,
      changed: true,
      completed: 1,
    });
    expect(await statusOf(feedbackId)).toBe('completed');
    const replay = await webhook(hook.url, event);
    expect(replay.body).toMatchObject({ matched: true, changed: false });
    expect(await completions(w.id.consumerA, feedbackId)).toEqual({
      xp: 1,
      notes: 1,
    });
    const [link] = await rows(
      w,
      `select state from public.issue_links where feedback_id = $1`,
      [feedbackId],
    );
    expect(link).toEqual({ state: 'closed' });
  });

  it('other events are accepted and ignored', async () => {
    const body = JSON.stringify({ zen: 'Keep it logically awesome.' });
    const { hmacHex } = await import('./trackers/support.ts');
    const r = await webhook(hook.url, {
      body,
      headers: {
        'x-github-event': 'ping',
        'x-hub-signature-256': `sha256=${hmacHex(hook.secret, body)}`,
      },
    });
    expect(r.status).toBe(202);
  });

  it('a body over 1 MB is refused before anything is read', async () => {
    const big = JSON.stringify({
      action: 'closed',
      pad: 'x'.repeat(1024 * 1024),
    });
    const r = await webhook(hook.url, {
      body: big,
      headers: { 'x-github-event': 'issues' },
    });
    expect(r.status).toBe(413);
  });

  it('an unknown integration is 404', async () => {
    const other = hook.url.replace(
      /[0-9a-f-]{36}$/,
      '00000000-0000-4000-8000-000000000000',
    );
    expect(
      (await webhook(other, closedEvent('github', hook.secret, '12'))).status,
    ).toBe(404);
  });
});

describe('GitHub errors', () => {
  let feedbackId: string;
  beforeAll(async () => {
    feedbackId = (
      await insertFeedback(w.t, w.id.consumerB, {
        websiteUrl: 'https://example.com/a',
        title: 'Errors',
      })
    ).id;
  });
  it.each([
    [
      { status: 401, body: { message: 'Bad credentials' } },
      /^GitHub refused the token \(HTTP 401\)/,
    ],
    [
      { status: 404, body: { message: 'Not Found' } },
      /^GitHub does not know the repository acme\/website/,
    ],
    [
      { status: 422, body: { message: 'Validation Failed' } },
      /^GitHub refused the issue \(HTTP 422\): Validation Failed/,
    ],
    [
      { status: 201, body: { number: 1, html_url: 'x' }, delayMs: 2500 },
      /^GitHub did not answer within 1 s/,
    ],
  ])('%j → a clear error and no link', async (reply, message) => {
    github.replies.push(reply);
    const r = await createIssue({ feedbackId }, 'github');
    expect(r.status).toBeGreaterThanOrEqual(500);
    expect(r.body.error).toMatch(message);
    expect(
      await rows(w, 'select 1 from public.issue_links where feedback_id = $1', [
        feedbackId,
      ]),
    ).toEqual([]);
  });
});

describe('GitLab, on a topic', () => {
  let hook: { url: string; secret: string };
  let topicId: string;
  let items: { id: string; author: string }[];
  let rejected: string;
  beforeAll(async () => {
    hook = (await connect('gitlab')).webhook;
    items = [];
    for (const [author, title] of [
      [w.id.consumerA, 'Dark mode please'],
      [w.id.consumerB, 'Night theme'],
    ] as const)
      items.push({
        id: (
          await insertFeedback(w.t, author, {
            websiteUrl: 'https://example.com/',
            title,
          })
        ).id,
        author,
      });
    const suggested = (
      await insertFeedback(w.t, w.id.consumerB, {
        websiteUrl: 'https://example.com/x',
        title: 'Maybe related',
      })
    ).id;
    [{ id: topicId }] = (await rows<{ id: string }>(
      w,
      `insert into public.feedback_topics (company_id, title) values ($1, 'Dark mode') returning id`,
      [w.company.X],
    )) as [{ id: string }];
    for (const i of items)
      await rows(
        w,
        `insert into public.feedback_topic_items (company_id, feedback_id, topic_id, state) values ($1, $2, $3, 'confirmed')`,
        [w.company.X, i.id, topicId],
      );
    await rows(
      w,
      `insert into public.feedback_topic_items (company_id, feedback_id, topic_id, state) values ($1, $2, $3, 'suggested')`,
      [w.company.X, suggested, topicId],
    );
    // One the company had already turned down (#40 item 1).
    rejected = (
      await insertFeedback(w.t, w.id.consumerA, {
        websiteUrl: 'https://example.com/',
        title: 'Dark mode, but only on Sundays',
      })
    ).id;
    for (const status of ['read', 'rejected'])
      await rows(w, 'update public.feedback set status = $2 where id = $1', [
        rejected,
        status,
      ]);
    await rows(
      w,
      `insert into public.feedback_topic_items (company_id, feedback_id, topic_id, state) values ($1, $2, $3, 'confirmed')`,
      [w.company.X, rejected, topicId],
    );
  });

  it('creates the issue as GitLab’s REST API expects', async () => {
    const r = await createIssue({ topicId }, 'gitlab');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.link).toMatchObject({
      external_key: '#34',
      topic_id: topicId,
      feedback_id: null,
    });
    const req = gitlab.seen.at(-1)!;
    expect(req.path).toBe('/api/v4/projects/acme%2Fwebsite/issues');
    expect(req.headers['private-token']).toBe(TOKENS.gitlab);
    const body = req.body as {
      title: string;
      description: string;
      labels: string;
    };
    expect(body.title).toBe('Dark mode');
    expect(body.description).toContain('A topic of 3 feedback from 2 people.');
    expect(body.description).toContain('- Dark mode please');
    expect(body.description).not.toContain('Maybe related');
    expect(body.labels).toBe('peega');
  });

  it('the X-Gitlab-Token must match', async () => {
    expect(
      (await webhook(hook.url, closedEvent('gitlab', 'wrong', '34'))).status,
    ).toBe(401);
    expect(
      (
        await rows(
          w,
          'select status from public.feedback_topics where id = $1',
          [topicId],
        )
      )[0],
    ).toEqual({ status: 'pending' });
  });

  it('closing the issue completes the topic and every confirmed feedback, once', async () => {
    const event = closedEvent('gitlab', hook.secret, '34');
    const r = await webhook(hook.url, event);
    expect(r.body).toMatchObject({
      matched: true,
      changed: true,
      completed: 2,
      kept_rejected: 1,
    });
    await webhook(hook.url, event);
    const [topic] = await rows<{ status: string; completed_at: string | null }>(
      w,
      'select status, completed_at from public.feedback_topics where id = $1',
      [topicId],
    );
    expect(topic!.status).toBe('completed');
    expect(topic!.completed_at).not.toBeNull();
    for (const i of items) {
      expect(await statusOf(i.id)).toBe('completed');
      expect(await completions(i.author, i.id)).toEqual({ xp: 1, notes: 1 });
    }
    // The link says what the close changed (the topic screen shows it).
    expect(
      await rows(
        w,
        'select closed_completed, closed_kept_rejected from public.issue_links where topic_id = $1',
        [topicId],
      ),
    ).toEqual([{ closed_completed: 2, closed_kept_rejected: 1 }]);
    // The company's verdict stands: no completion, no completion XP.
    expect(await statusOf(rejected)).toBe('rejected');
    expect(await completions(w.id.consumerA, rejected)).toEqual({
      xp: 0,
      notes: 0,
    });
  });
});

describe('Linear', () => {
  let hook: { url: string; secret: string };
  let feedbackId: string;
  beforeAll(async () => {
    hook = (await connect('linear')).webhook;
    // Linear generates the webhook's signing secret; the admin pastes it.
    hook.secret = 'lin_wh_generated-by-linear-0123456789';
    const set = await callFunction(
      w.t,
      'integrations',
      { action: 'set-webhook-secret', provider: 'linear', secret: hook.secret },
      { authorization: owner },
    );
    expect(set).toEqual({ status: 200, body: { saved: true } });
    feedbackId = (
      await insertFeedback(w.t, w.id.consumerA, {
        websiteUrl: 'https://example.com/l',
        title: 'Linear one',
      })
    ).id;
  });

  it('creates the issue through the GraphQL issueCreate mutation', async () => {
    const r = await createIssue({ feedbackId }, 'linear');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.link).toMatchObject({
      external_key: 'ENG-7',
      url: 'https://linear.app/acme/issue/ENG-7',
    });
    const req = linear.seen.at(-1)!;
    expect(req.path).toBe('/graphql');
    expect(req.headers.authorization).toBe(TOKENS.linear);
    const body = req.body as {
      query: string;
      variables: { input: Record<string, string> };
    };
    expect(body.query).toMatch(
      /mutation[\s\S]*issueCreate\(input: \$input\)[\s\S]*identifier/,
    );
    expect(body.variables.input).toMatchObject({
      teamId: '9cfb482a-81e3-4154-b5b9-2c805e70a02d',
      title: 'Linear one',
    });
  });

  it('a GraphQL authentication error is the token refused', async () => {
    const other = (
      await insertFeedback(w.t, w.id.consumerA, {
        websiteUrl: 'https://example.com/l2',
      })
    ).id;
    linear.replies.push({
      status: 400,
      body: {
        errors: [
          {
            message: 'Authentication required',
            extensions: { code: 'AUTHENTICATION_ERROR' },
          },
        ],
      },
    });
    const r = await createIssue({ feedbackId: other }, 'linear');
    expect(r.body.error).toMatch(/^Linear refused the token/);
  });

  it('a stale webhookTimestamp is refused even when signed', async () => {
    const stale = closedEvent(
      'linear',
      hook.secret,
      'b1f5c0de-0000-4000-8000-000000000007',
      Date.now() - 120_000,
    );
    expect((await webhook(hook.url, stale)).status).toBe(401);
    expect(await statusOf(feedbackId)).not.toBe('completed');
  });

  it('a signed, fresh completed state completes the feedback', async () => {
    const r = await webhook(
      hook.url,
      closedEvent(
        'linear',
        hook.secret,
        'b1f5c0de-0000-4000-8000-000000000007',
      ),
    );
    expect(r.body).toMatchObject({ changed: true, completed: 1 });
    expect(await completions(w.id.consumerA, feedbackId)).toEqual({
      xp: 1,
      notes: 1,
    });
  });
});

describe('Jira', () => {
  let hook: { url: string; secret: string };
  let feedbackId: string;
  beforeAll(async () => {
    hook = (await connect('jira')).webhook;
    feedbackId = (
      await insertFeedback(w.t, w.id.consumerB, {
        websiteUrl: 'https://example.com/j',
        title: 'Jira one',
        category: 'feature',
      })
    ).id;
  });

  it('creates the issue as Jira Cloud’s REST API v3 expects (Basic auth, ADF)', async () => {
    const r = await createIssue({ feedbackId }, 'jira');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.link).toMatchObject({
      external_id: '10003',
      external_key: 'WEB-3',
      url: `${jira.url}/browse/WEB-3`,
    });
    const req = jira.seen.at(-1)!;
    expect(req.path).toBe('/rest/api/3/issue');
    expect(req.headers.authorization).toBe(
      `Basic ${Buffer.from(`dev@acme.test:${TOKENS.jira}`).toString('base64')}`,
    );
    expect(req.headers.accept).toBe('application/json');
    const { fields } = req.body as { fields: Record<string, unknown> };
    expect(fields).toMatchObject({
      project: { key: 'WEB' },
      summary: 'Jira one',
      issuetype: { name: 'Task' },
    });
    expect(fields.description).toMatchObject({
      type: 'doc',
      version: 1,
      content: expect.arrayContaining([
        expect.objectContaining({ type: 'paragraph' }),
      ]),
    });
  });

  it('with complete_on_close off the link closes but the feedback stays', async () => {
    expect(
      (
        await w.as.companyX.rpc('set_integration_complete_on_close', {
          p_provider: 'jira',
          p_enabled: false,
        })
      ).error,
    ).toBeNull();
    const r = await webhook(
      hook.url,
      closedEvent('jira', hook.secret, '10003'),
    );
    expect(r.body).toMatchObject({ changed: true, completed: 0 });
    expect(await statusOf(feedbackId)).not.toBe('completed');
    const [link] = await rows(
      w,
      `select state from public.issue_links where feedback_id = $1`,
      [feedbackId],
    );
    expect(link).toEqual({ state: 'closed' });
  });

  it('a forged X-Hub-Signature is refused', async () => {
    expect(
      (await webhook(hook.url, closedEvent('jira', 'forged', '10003'))).status,
    ).toBe(401);
  });
});
