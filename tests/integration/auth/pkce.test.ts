import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../../support/backend.ts';
import {
  authFetch,
  jwtPayload,
  mailsTo,
  openLink,
  PASSWORD,
  startAuthBackend,
  testClock,
  uniqueEmail,
} from './support.ts';

describe('PKCE e-mail flows (flowType: pkce)', () => {
  let t: TestBackend;
  const clock = testClock();
  beforeAll(async () => {
    t = await startAuthBackend({
      env: { PEEGA_AUTH_AUTOCONFIRM: 'false' },
      now: clock.now,
    });
  });
  afterAll(() => t?.stop());

  /** A client that keeps its code verifier in memory, as a browser tab would. */
  const pkceClient = () =>
    createClient(t.url, t.anonKey, {
      auth: {
        persistSession: false,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        flowType: 'pkce',
      },
    });

  it('confirms a sign-up with an auth code exchanged for a session', async () => {
    const email = uniqueEmail();
    const client = pkceClient();
    const { data, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: `${t.url}/auth/callback` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const [mail] = await mailsTo(t, email);
    expect(mail!.link).toContain('token=pkce_');

    const { res, location } = await openLink(mail!.link!);
    expect(res.status).toBe(303);
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.url}/auth/callback`);
    const code = url.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    expect(url.hash).toBe('');

    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session!.user.email_confirmed_at).toBeTruthy();
    expect(jwtPayload(exchanged.data.session!.access_token).amr).toEqual([
      { method: 'email/signup', timestamp: expect.any(Number) },
    ]);

    const again = await authFetch(t, '/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({
      code: 'flow_state_not_found',
      message: 'invalid flow state, no valid flow state found',
    });
  });

  it('recovers a password through the code, and refuses a wrong verifier', async () => {
    const email = uniqueEmail();
    const client = pkceClient();
    await client.auth.signUp({ email, password: PASSWORD });
    await openLink((await mailsTo(t, email))[0]!.link!);
    clock.advance(61);

    await client.auth.resetPasswordForEmail(email, { redirectTo: t.url });
    const link = (await mailsTo(t, email)).find(
      (m) => m.kind === 'recovery',
    )!.link!;
    const code = new URL((await openLink(link)).location).searchParams.get(
      'code',
    )!;

    const wrong = await authFetch(t, '/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'y'.repeat(43) }),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      code: 'bad_code_verifier',
      message: 'code challenge does not match previously saved code verifier',
    });

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(jwtPayload(data.session!.access_token).amr).toEqual([
      { method: 'recovery', timestamp: expect.any(Number) },
    ]);
    expect(
      (await client.auth.updateUser({ password: 'pkce-new-passphrase' })).error,
    ).toBeNull();
    const signIn = await pkceClient().auth.signInWithPassword({
      email,
      password: 'pkce-new-passphrase',
    });
    expect(signIn.error).toBeNull();
  });

  it('lets an unused auth code expire after 5 minutes', async () => {
    const email = uniqueEmail();
    const client = pkceClient();
    await client.auth.signUp({ email, password: PASSWORD });
    const { location } = await openLink((await mailsTo(t, email))[0]!.link!);
    clock.advance(301);
    const { error } = await client.auth.exchangeCodeForSession(
      new URL(location).searchParams.get('code')!,
    );
    expect(error).toMatchObject({
      status: 422,
      code: 'flow_state_expired',
      message: 'invalid flow state, flow state has expired',
    });
  });

  it('validates the challenge parameters', async () => {
    const res = await authFetch(t, '/recover', {
      method: 'POST',
      body: JSON.stringify({
        email: uniqueEmail(),
        code_challenge: 'abc',
        code_challenge_method: 's256',
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'validation_failed',
      message: 'code challenge has to be between 43 and 128 characters',
    });
  });
});
