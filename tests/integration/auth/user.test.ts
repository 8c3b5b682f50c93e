import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../../support/backend.ts';
import {
  authFetch,
  jwtPayload,
  mailsTo,
  openLink,
  PASSWORD,
  RFC3339_UTC,
  signUpUser,
  startAuthBackend,
  testClock,
  uniqueEmail,
} from './support.ts';

describe('sign-in and the current user', () => {
  let t: TestBackend;
  const clock = testClock();
  beforeAll(async () => {
    t = await startAuthBackend({ now: clock.now });
  });
  afterAll(() => t?.stop());

  it('signs in with the password and records the sign-in', async () => {
    const { email, user } = await signUpUser(t);
    const { data, error } = await t.client().auth.signInWithPassword({
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(error).toBeNull();
    expect(data.session!.user.id).toBe(user.id);
    expect(data.session!.user.last_sign_in_at).toMatch(RFC3339_UTC);
    expect(data.weakPassword).toBeUndefined();
    expect(jwtPayload(data.session!.access_token).session_id).not.toBe(
      jwtPayload((await signUpUser(t)).session.access_token).session_id,
    );
  });

  it('answers a wrong password and an unknown address alike', async () => {
    const { email } = await signUpUser(t);
    const wrong = await t
      .client()
      .auth.signInWithPassword({ email, password: 'not-the-password' });
    const unknown = await t
      .client()
      .auth.signInWithPassword({ email: uniqueEmail(), password: PASSWORD });
    for (const { error } of [wrong, unknown]) {
      expect(error).toMatchObject({
        name: 'AuthApiError',
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
    const raw = await authFetch(t, '/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'not-the-password' }),
    });
    expect(raw.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(raw.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await raw.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
  });

  it('refuses an unknown grant type like GoTrue', async () => {
    const res = await authFetch(t, '/token?grant_type=magic', {
      method: 'POST',
      body: '{}',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'invalid_credentials',
      message: 'unsupported_grant_type',
    });
  });

  it('returns the user for its token and refuses expired or missing tokens', async () => {
    const { session, user } = await signUpUser(t);
    const client = t.client();
    const got = await client.auth.getUser(session.access_token);
    expect(got.error).toBeNull();
    expect(got.data.user).toEqual(user);

    const missing = await authFetch(t, '/user', { token: '' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });
    const anon = await authFetch(t, '/user');
    expect(anon.status).toBe(403);
    expect(await anon.json()).toEqual({
      code: 'bad_jwt',
      message: 'invalid claim: missing sub claim',
    });

    clock.advance(3601);
    const expired = await client.auth.getUser(session.access_token);
    expect(expired.data.user).toBeNull();
    expect(expired.error).toMatchObject({
      status: 403,
      code: 'bad_jwt',
      message:
        'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
    });
    const tampered = `${session.access_token.slice(0, -2)}xx`;
    const bad = await authFetch(t, '/user', { token: tampered });
    expect(bad.status).toBe(403);
    expect((await bad.json()).code).toBe('bad_jwt');
  });

  it('merges user data key-wise and deletes keys set to null', async () => {
    const { session } = await signUpUser(t);
    const client = t.client();
    await client.auth.setSession(session);
    await client.auth.updateUser({ data: { plan: 'free', city: 'Oslo' } });
    const { data, error } = await client.auth.updateUser({
      data: { city: null, level: 2 },
    });
    expect(error).toBeNull();
    expect(data.user!.user_metadata).toMatchObject({ plan: 'free', level: 2 });
    expect(data.user!.user_metadata).not.toHaveProperty('city');
    const forbidden = await authFetch(t, '/user', {
      method: 'PUT',
      token: session.access_token,
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({
      code: 'not_admin',
      message: 'Updating app_metadata requires admin privileges',
    });
  });

  it('changes the password, ends other sessions and signs in with the new one', async () => {
    const { email, session } = await signUpUser(t);
    const other = await t
      .client()
      .auth.signInWithPassword({ email, password: PASSWORD });
    const client = t.client();
    await client.auth.setSession(session);

    const weak = await client.auth.updateUser({ password: 'short' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
    const same = await client.auth.updateUser({ password: PASSWORD });
    expect(same.error).toMatchObject({
      status: 422,
      code: 'same_password',
      message: 'New password should be different from the old password.',
    });

    const changed = await client.auth.updateUser({
      password: 'brand-new-passphrase',
    });
    expect(changed.error).toBeNull();
    const old = await t
      .client()
      .auth.signInWithPassword({ email, password: PASSWORD });
    expect(old.error).toMatchObject({ code: 'invalid_credentials' });
    const fresh = await t
      .client()
      .auth.signInWithPassword({ email, password: 'brand-new-passphrase' });
    expect(fresh.error).toBeNull();

    expect((await client.auth.getUser()).error).toBeNull();
    const otherUser = await t
      .client()
      .auth.getUser(other.data.session!.access_token);
    expect(otherUser.error!.name).toBe('AuthSessionMissingError');
    const raw = await authFetch(t, '/user', {
      token: other.data.session!.access_token,
    });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    });
  });

  it('changes the e-mail with one link when confirmations are off', async () => {
    const { email, session } = await signUpUser(t);
    const taken = (await signUpUser(t)).email;
    const client = t.client();
    await client.auth.setSession(session);

    const dup = await client.auth.updateUser({ email: taken });
    expect(dup.error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });

    const next = uniqueEmail('next');
    const { data, error } = await client.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: next });
    expect(data.user!.email_change_sent_at).toMatch(RFC3339_UTC);
    const toOld = (await mailsTo(t, email)).filter(
      (m) => m.kind === 'email_change',
    );
    expect(toOld).toHaveLength(1);
    expect(await mailsTo(t, next)).toHaveLength(1);

    const { fragment } = await openLink(toOld[0]!.link!);
    expect(fragment.get('type')).toBe('email_change');
    const user = await client.auth.getUser();
    expect(user.data.user).toMatchObject({ email: next });
    expect(user.data.user).not.toHaveProperty('new_email');
  });

  it('mails a reauthentication code once a minute', async () => {
    const { email, session } = await signUpUser(t);
    const client = t.client();
    await client.auth.setSession(session);
    const { error } = await client.auth.reauthenticate();
    expect(error).toBeNull();
    const [mail] = await mailsTo(t, email);
    expect(mail!.kind).toBe('reauthentication');
    expect(mail!.subject).toMatch(/^\d{6} is your verification code$/);
    expect(mail!.link).toBeNull();
    const again = await client.auth.reauthenticate();
    expect(again.error).toMatchObject({
      status: 429,
      code: 'over_email_send_rate_limit',
    });
  });
});
