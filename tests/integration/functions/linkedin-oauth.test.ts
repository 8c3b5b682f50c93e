import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LINKEDIN_MESSAGES,
  buildLinkedinAuthorizeUrl,
  encodeLinkedinState,
} from '../../../shared/domain/linkedin.ts';
import { handler } from '../../../supabase/functions/linkedin-oauth/handler.ts';
import {
  createTestClient,
  startTestBackend,
  type TestBackend,
} from '../../support/backend.ts';
import {
  startFakeOidcProvider,
  type FakeOidcProvider,
} from '../../support/fake-oidc.ts';

// linkedin-oauth through supabase-js and the functions gateway, against a
// fake OpenID Connect provider on 127.0.0.1 standing in for LinkedIn.
const CLIENT = { clientId: 'it-client', clientSecret: 'it-secret' };
let t: TestBackend;
let oidc: FakeOidcProvider;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  oidc = await startFakeOidcProvider({ port: 0, ...CLIENT });
  const env = {
    LINKEDIN_CLIENT_ID: CLIENT.clientId,
    LINKEDIN_CLIENT_SECRET: CLIENT.clientSecret,
    LINKEDIN_TOKEN_URL: `${oidc.url}/token`,
    LINKEDIN_USERINFO_URL: `${oidc.url}/userinfo`,
    LINKEDIN_ISSUER: oidc.url,
  };
  // The gateway hands these process variables to functions as secrets.
  for (const [k, v] of Object.entries(env)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  t = await startTestBackend();
});
afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await t?.stop();
  await oidc?.stop();
});

let n = 0;
async function newUser() {
  n += 1;
  const client = createTestClient(t.url, t.anonKey);
  const { data, error } = await client.auth.signUp({
    email: `linkedin-${n}-${Date.now()}@example.net`,
    password: 'a-good-password',
  });
  if (error) throw error;
  return { client, id: data.user!.id };
}

const redirectUri = () => `${t.url}/auth/linkedin/callback`;

/** Runs the provider's authorization like the browser: answers code and state. */
async function authorize(userId: string, nonce = `nonce-${n}-${Date.now()}-x`) {
  const state = encodeLinkedinState({
    user_id: userId,
    return_url: `${t.url}/profile/settings`,
    timestamp: Date.now(),
    nonce,
  });
  const res = await fetch(
    buildLinkedinAuthorizeUrl({
      authorizeUrl: `${oidc.url}/authorize`,
      clientId: CLIENT.clientId,
      redirectUri: redirectUri(),
      state,
      nonce,
    }),
    { redirect: 'manual' },
  );
  const back = new URL(res.headers.get('location')!);
  return { code: back.searchParams.get('code')!, state };
}

async function call(
  client: ReturnType<typeof createTestClient>,
  body: Record<string, unknown>,
) {
  const { data, error } = await client.functions.invoke('linkedin-oauth', {
    body: { redirect_uri: redirectUri(), ...body },
  });
  if (!error) return { status: 200, body: data };
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const res = (error as FunctionsHttpError).context as Response;
  return { status: res.status, body: await res.json() };
}

async function xp(userId: string) {
  const { rows } = await t.ctx.db.query<{ action_type: string }>(
    `select action_type from public.user_points where user_id = $1`,
    [userId],
  );
  return rows.map((r) => r.action_type);
}

describe('linkedin-oauth', () => {
  it('verifies the caller once and awards 30 XP once; the code cannot be reused', async () => {
    oidc.sub = 'member-happy';
    const user = await newUser();
    const { code, state } = await authorize(user.id);
    const first = await call(user.client, { code, state, user_id: user.id });
    expect(first).toEqual({
      status: 200,
      body: { success: true, error: null, verified: true, xpAwarded: true },
    });
    const { data: profile } = await user.client
      .from('profiles')
      .select('verified_linkedin')
      .single();
    expect(profile!.verified_linkedin).toBe(true);

    const replay = await call(user.client, { code, state });
    expect(replay.status).toBe(400);
    expect(replay.body.success).toBe(false);
    expect(await xp(user.id)).toEqual(['linkedin_verified']);

    // A second, fresh flow verifies again without a second award.
    const again = await authorize(user.id);
    const second = await call(user.client, again);
    expect(second.body).toMatchObject({ success: true, xpAwarded: false });
    expect(await xp(user.id)).toEqual(['linkedin_verified']);
  });

  it('refuses a state made for another user', async () => {
    const user = await newUser();
    const other = await newUser();
    const { code, state } = await authorize(other.id);
    const answer = await call(user.client, { code, state });
    expect(answer).toMatchObject({
      status: 403,
      body: { error: LINKEDIN_MESSAGES.userMismatch },
    });
    expect(await xp(user.id)).toEqual([]);
    expect(await xp(other.id)).toEqual([]);
  });

  it.each([
    ['a tampered state', { code: 'abc', state: 'bm90LWpzb24' }],
    ['a missing code', { state: 'abc' }],
  ])('refuses %s', async (_case, body) => {
    const user = await newUser();
    const answer = await call(user.client, body);
    expect(answer).toMatchObject({
      status: 400,
      body: { error: LINKEDIN_MESSAGES.invalidParameters },
    });
  });

  it('refuses an id token whose nonce is not the state one', async () => {
    const user = await newUser();
    const { code } = await authorize(user.id, 'nonce-sent-to-provider-1');
    const forged = encodeLinkedinState({
      user_id: user.id,
      return_url: '',
      timestamp: Date.now(),
      nonce: 'another-nonce-in-state-2',
    });
    const answer = await call(user.client, { code, state: forged });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain('nonce');
    expect(await xp(user.id)).toEqual([]);
  });

  it('lets one LinkedIn member verify one account only', async () => {
    oidc.sub = 'member-shared';
    const first = await newUser();
    const second = await newUser();
    expect(
      (await call(first.client, await authorize(first.id))).body.success,
    ).toBe(true);
    const answer = await call(second.client, await authorize(second.id));
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe(
      'This LinkedIn account already verified another account.',
    );
    expect(await xp(second.id)).toEqual([]);
  });

  it('refuses callers without a session and clients calling the database directly', async () => {
    const anon = createTestClient(t.url, t.anonKey);
    const answer = await call(anon, { code: 'abc', state: 'abc' });
    expect(answer.status).toBe(401);
    const user = await newUser();
    const direct = await user.client.rpc('record_linkedin_verification', {
      p_user_id: user.id,
      p_subject: 'me',
      p_nonce: 'abcdefabcdefabcdef',
    });
    expect(direct.error).toBeTruthy();
    expect(await xp(user.id)).toEqual([]);
  });

  it('says verification is not configured without a client', async () => {
    const res = await handler(
      new Request('http://x/linkedin-oauth', { method: 'POST', body: '{}' }),
      {},
    );
    expect(res.status).toBe(503);
    expect((await res.json()).error).toBe(LINKEDIN_MESSAGES.notConfigured);
  });
});
