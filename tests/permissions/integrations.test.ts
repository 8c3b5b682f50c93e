import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { clientFor } from '../integration/db/support.ts';
import { createUser } from '../integration/db/support.ts';
import {
  bearerFor,
  callFunction,
  startFakeTracker,
  type FakeTracker,
} from '../integration/functions/trackers/support.ts';
import {
  allowed,
  denied,
  forbidden,
  rows,
  startWorld,
  type World,
} from './support.ts';

// Tracker hand-off (#22): who may connect, disconnect and create issues, who
// reads the links, and that the token column is out of every client's reach.
let w: World;
let github: FakeTracker;
const bearer: Record<string, string> = {};
let memberClient: Awaited<ReturnType<typeof clientFor>>;

beforeAll(async () => {
  github = await startFakeTracker(() => ({
    status: 201,
    body: { number: 5, html_url: 'https://github.com/acme/site/issues/5' },
  }));
  w = await startWorld(
    {},
    { functionEnv: { PEEGA_GITHUB_API_URL: github.url } },
  );
  for (const role of ['consumerA', 'companyX', 'companyY'] as const)
    bearer[role] = await bearerFor(w.t, w.id[role], w.email[role]);
  for (const role of ['member', 'admin'] as const) {
    const u = await createUser(w.t, { email: `${role}-x@perm.test` });
    await rows(
      w,
      `insert into public.company_members (company_id, user_id, role) values ($1, $2, $3)`,
      [w.company.X, u.id, role],
    );
    bearer[role] = await bearerFor(w.t, u.id, u.email);
    if (role === 'member') memberClient = u.client;
  }
});
afterAll(async () => {
  await w?.t.stop();
  await github?.stop();
});

const connect = (who: string, provider = 'github') =>
  callFunction(
    w.t,
    'integrations',
    {
      action: 'connect',
      provider,
      token: 'ghp_permissions_token_0001',
      config: { owner: 'acme', repo: 'site' },
    },
    bearer[who] ? { authorization: bearer[who]! } : {},
  );

describe('connecting a tracker', () => {
  it('anon is refused before the function runs', async () => {
    expect((await connect('nobody')).status).toBe(401);
  });
  it.each([
    ['consumerA', /^Only company accounts can do this\./],
    ['member', /^Only the company's owner or an admin can do this\./],
  ])('%s cannot connect', async (who, message) => {
    const r = await connect(who);
    expect(r.status).toBe(403);
    expect(r.body.error).toMatch(message);
    expect(await rows(w, 'select 1 from private.company_integrations')).toEqual(
      [],
    );
  });
  it('an admin connects; the owner replaces it', async () => {
    expect((await connect('admin')).status).toBe(200);
    expect((await connect('companyX')).status).toBe(200);
    expect(
      await rows(w, 'select company_id from private.company_integrations'),
    ).toEqual([{ company_id: w.company.X }]);
  });
  it('a member may not disconnect nor change the switch', async () => {
    const r = await callFunction(
      w.t,
      'integrations',
      { action: 'disconnect', provider: 'github' },
      { authorization: bearer.member! },
    );
    expect(r.status).toBe(403);
    forbidden(
      await memberClient.rpc('set_integration_complete_on_close', {
        p_provider: 'github',
        p_enabled: false,
      }),
    );
    forbidden(
      await memberClient.rpc('disconnect_company_integration', {
        p_provider: 'github',
      }),
    );
  });
});

describe('the token is never readable by a client', () => {
  it.each(['anon', 'authenticated'])(
    '%s has no privilege on private.company_integrations',
    async (role) => {
      const [r] = await rows<{ any: boolean }>(
        w,
        `select has_table_privilege($1, 'private.company_integrations', 'select')
           or has_table_privilege($1, 'private.company_integrations', 'insert')
           or has_table_privilege($1, 'private.company_integrations', 'update') as any`,
        [role],
      );
      expect(r!.any).toBe(false);
    },
  );
  it('members see the hint and settings, never the token or secret', async () => {
    const r = await memberClient.rpc('get_company_integrations');
    allowed(r, 1);
    const text = JSON.stringify(r.data);
    expect(text).not.toContain('ghp_permissions_token_0001');
    expect(text).not.toContain('v1:');
    expect(r.data[0]).toMatchObject({ provider: 'github', token_hint: '0001' });
  });
  it('another company sees none of them; consumers are refused', async () => {
    allowed(await w.as.companyY.rpc('get_company_integrations'), 0);
    forbidden(await w.as.consumerA.rpc('get_company_integrations'));
    forbidden(await w.as.anon.rpc('get_company_integrations'));
  });
  it.each(['companyX', 'companyY', 'consumerA', 'anon'] as const)(
    '%s cannot call the service RPCs that read ciphertexts or write links',
    async (role) => {
      const [{ id }] = (await rows<{ id: string }>(
        w,
        'select id from private.company_integrations',
      )) as [{ id: string }];
      forbidden(
        await w.as[role].rpc('get_integration_credentials', {
          p_integration_id: id,
        }),
      );
      forbidden(
        await w.as[role].rpc('close_tracker_issue', {
          p_integration_id: id,
          p_external_id: '5',
        }),
      );
      forbidden(
        await w.as[role].rpc('record_issue_link', {
          p_company_id: w.company.X,
          p_actor_id: w.id.companyX,
          p_provider: 'github',
          p_feedback_id: w.feedback.a,
          p_topic_id: null,
          p_external_id: '99',
          p_external_key: '#99',
          p_url: 'https://evil.test/',
        }),
      );
    },
  );
});

describe('creating an issue', () => {
  it('a consumer (even the author) cannot', async () => {
    const r = await callFunction(
      w.t,
      'integrations',
      { action: 'create-issue', provider: 'github', feedbackId: w.feedback.a },
      { authorization: bearer.consumerA! },
    );
    expect(r.status).toBe(403);
  });
  it('another company cannot, for X’s feedback', async () => {
    const r = await callFunction(
      w.t,
      'integrations',
      { action: 'create-issue', provider: 'github', feedbackId: w.feedback.a },
      { authorization: bearer.companyY! },
    );
    expect(r.status).toBe(403);
    expect(r.body.error).toMatch(
      /^This feedback is not available to your company\./,
    );
    expect(github.seen).toHaveLength(0);
  });
  it('a company without the tracker connected is told so', async () => {
    const r = await callFunction(
      w.t,
      'integrations',
      { action: 'create-issue', provider: 'github', feedbackId: w.feedback.b },
      { authorization: bearer.companyY! },
    );
    expect(r.status).toBe(404);
    expect(r.body.error).toMatch(/^This tracker is not connected\./);
  });
  it('any member of X can', async () => {
    const r = await callFunction(
      w.t,
      'integrations',
      { action: 'create-issue', provider: 'github', feedbackId: w.feedback.a },
      { authorization: bearer.member! },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  });
});

describe('issue_links', () => {
  it('members of X read the link; Y, consumers and anon do not', async () => {
    allowed(await memberClient.from('issue_links').select('id'), 1);
    denied(await w.as.companyY.from('issue_links').select('id'), 'hidden');
    denied(await w.as.consumerA.from('issue_links').select('id'), 'hidden');
    forbidden(await w.as.anon.from('issue_links').select('id'));
  });
  it('nobody writes links directly', async () => {
    forbidden(
      await w.as.companyX.from('issue_links').insert({
        company_id: w.company.X,
        provider: 'github',
        feedback_id: w.feedback.a,
        external_id: '6',
        external_key: '#6',
        url: 'https://github.com/acme/site/issues/6',
      }),
    );
    forbidden(
      await w.as.companyX
        .from('issue_links')
        .update({ state: 'closed' })
        .eq('provider', 'github'),
    );
  });
});

describe('rate limit', () => {
  it('30 issues an hour per account', async () => {
    const call = () =>
      memberClient.rpc('prepare_tracker_issue', {
        p_provider: 'github',
        p_feedback_id: null,
        p_topic_id: null,
      });
    // A malformed call is refused before it is counted.
    denied(await call(), {
      code: '22023',
      message: /one feedback or one topic/,
    });
    const topic = (
      await rows<{ id: string }>(
        w,
        `insert into public.feedback_topics (company_id, title) values ($1, 'T') returning id`,
        [w.company.X],
      )
    )[0]!.id;
    let last: { error: { code?: string; message: string } | null } = {
      error: null,
    };
    for (let i = 0; i < 31; i++)
      last = await memberClient.rpc('prepare_tracker_issue', {
        p_provider: 'github',
        p_feedback_id: null,
        p_topic_id: topic,
      });
    expect(last.error?.message).toMatch(
      /You created many issues in the last hour\./,
    );
  });
});
