import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../../support/backend.ts';
import {
  authFetch,
  mailsTo,
  openLink,
  PASSWORD,
  RFC3339_UTC,
  startAuthBackend,
  testClock,
  uniqueEmail,
} from './support.ts';

describe('sign-up with e-mail confirmation (PEEGA_AUTH_AUTOCONFIRM=false)', () => {
  let t: TestBackend;
  const clock = testClock();
  beforeAll(async () => {
    t = await startAuthBackend({
      env: { PEEGA_AUTH_AUTOCONFIRM: 'false' },
      now: clock.now,
    });
  });
  afterAll(() => t?.stop());

  it('answers the bare user, mails a link, and confirms through it', async () => {
    const email = uniqueEmail();
    const client = t.client();
    const { data, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: 'http://127.0.0.1:5173/welcome' },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, role: 'authenticated' });
    expect(data.user!.confirmation_sent_at).toMatch(RFC3339_UTC);
    expect(data.user).not.toHaveProperty('email_confirmed_at');
    expect(data.user).not.toHaveProperty('last_sign_in_at');
    expect(data.user!.identities).toHaveLength(1);

    const signIn = await client.auth.signInWithPassword({
      email,
      password: PASSWORD,
    });
    expect(signIn.error).toMatchObject({
      status: 400,
      code: 'email_not_confirmed',
      message: 'Email not confirmed',
    });

    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({
      kind: 'signup',
      subject: 'Confirm your email address',
    });
    expect(mail!.link).toMatch(
      new RegExp(
        `^${t.url}/auth/v1/verify\\?token=[0-9a-f]{56}&type=signup&redirect_to=http://127.0.0.1:5173/welcome$`,
      ),
    );
    expect(mail!.body_html).toContain(mail!.link!.replaceAll('&', '&amp;'));

    const { res, location, fragment } = await openLink(mail!.link!);
    expect(res.status).toBe(303);
    expect(location.startsWith('http://127.0.0.1:5173/welcome#')).toBe(true);
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');
    expect(fragment.has('sb')).toBe(true);
    const session = await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(session.error).toBeNull();
    expect(session.data.user!.email_confirmed_at).toMatch(RFC3339_UTC);
    expect(session.data.user!.user_metadata.email_verified).toBe(true);
    expect(
      session.data.user!.identities![0]!.identity_data!.email_verified,
    ).toBe(true);

    const again = await client.auth.signInWithPassword({
      email,
      password: PASSWORD,
    });
    expect(again.error).toBeNull();
    expect(again.data.session!.user.id).toBe(data.user!.id);

    const reused = await openLink(mail!.link!);
    expect(reused.res.status).toBe(303);
    expect(Object.fromEntries(reused.fragment)).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
      sb: '',
    });
  });

  it('confirms with the 6-digit code through verifyOtp', async () => {
    const email = uniqueEmail();
    const client = t.client();
    await client.auth.signUp({ email, password: PASSWORD });
    const code = /Code: (\d{6})/.exec(
      (await mailsTo(t, email))[0]!.body_text,
    )![1]!;
    const wrong = await client.auth.verifyOtp({
      email,
      token: '000000',
      type: 'signup',
    });
    if (code !== '000000') {
      expect(wrong.error).toMatchObject({
        status: 403,
        code: 'otp_expired',
        message: 'Token has expired or is invalid',
      });
    }
    const { data, error } = await client.auth.verifyOtp({
      email,
      token: code,
      type: 'email',
    });
    expect(error).toBeNull();
    expect(data.session!.user.email_confirmed_at).toMatch(RFC3339_UTC);
  });

  it('hides whether a confirmed address is registered', async () => {
    const email = uniqueEmail();
    const client = t.client();
    await client.auth.signUp({ email, password: PASSWORD });
    const link = (await mailsTo(t, email))[0]!.link!;
    await openLink(link);
    const { data, error } = await client.auth.signUp({
      email,
      password: 'another-long-passphrase',
      options: { data: { plan: 'x' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    // Shaped as a new user's answer, identity included (GoTrue's empty
    // `identities` told registered addresses apart: L8).
    expect(data.user!.identities).toHaveLength(1);
    expect(data.user!.identities![0]).toMatchObject({ provider: 'email' });
    expect(data.user!.user_metadata).toMatchObject({
      plan: 'x',
      email,
      email_verified: false,
    });
    expect(await mailsTo(t, email)).toHaveLength(1);
  });

  it('re-sends the confirmation at most once a minute per address', async () => {
    const email = uniqueEmail();
    const client = t.client();
    await client.auth.signUp({ email, password: PASSWORD });
    const soon = await client.auth.resend({ type: 'signup', email });
    expect(soon.error).toMatchObject({
      status: 429,
      code: 'over_email_send_rate_limit',
      message: expect.stringMatching(
        /^For security purposes, you can only request this after \d+ seconds\.$/,
      ),
    });
    clock.advance(61);
    const later = await client.auth.resend({ type: 'signup', email });
    expect(later.error).toBeNull();
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.link).not.toBe(mails[1]!.link);
    expect((await openLink(mails[0]!.link!)).fragment.get('error_code')).toBe(
      'otp_expired',
    );
    expect((await openLink(mails[1]!.link!)).fragment.get('type')).toBe(
      'signup',
    );
    const unknown = await client.auth.resend({
      type: 'signup',
      email: uniqueEmail(),
    });
    expect(unknown.error).toBeNull();
  });

  it('lets links expire after an hour (GoTrue’s default)', async () => {
    const email = uniqueEmail();
    await t.client().auth.signUp({ email, password: PASSWORD });
    clock.advance(3601);
    const { fragment } = await openLink((await mailsTo(t, email))[0]!.link!);
    expect(fragment.get('error_code')).toBe('otp_expired');
  });

  it('changes the e-mail only after both addresses confirmed', async () => {
    const email = uniqueEmail();
    const client = t.client();
    await client.auth.signUp({ email, password: PASSWORD });
    const confirm = await openLink((await mailsTo(t, email))[0]!.link!);
    await client.auth.setSession({
      access_token: confirm.fragment.get('access_token')!,
      refresh_token: confirm.fragment.get('refresh_token')!,
    });
    const next = uniqueEmail('next');
    const { data, error } = await client.auth.updateUser(
      { email: next },
      { emailRedirectTo: `${t.url}/settings` },
    );
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: next });

    const toNew = await mailsTo(t, next);
    const toOld = (await mailsTo(t, email)).filter(
      (m) => m.kind === 'email_change',
    );
    expect(toNew).toHaveLength(1);
    expect(toOld).toHaveLength(1);
    expect(toNew[0]!.subject).toBe('Confirm your new email address');

    const first = await openLink(toOld[0]!.link!);
    expect(first.location.startsWith(`${t.url}/settings#`)).toBe(true);
    expect(Object.fromEntries(first.fragment)).toEqual({
      message:
        'Confirmation link accepted. Please proceed to confirm link sent to the other email',
      sb: '',
    });
    expect((await client.auth.getUser()).data.user!.email).toBe(email);

    const second = await openLink(toNew[0]!.link!);
    expect(second.fragment.get('type')).toBe('email_change');
    const user = await t
      .client()
      .auth.getUser(second.fragment.get('access_token')!);
    expect(user.data.user).toMatchObject({ email: next });
    expect(user.data.user).not.toHaveProperty('new_email');
    expect(user.data.user!.identities![0]!.identity_data).toMatchObject({
      email: next,
      email_verified: true,
    });
    const signIn = await t
      .client()
      .auth.signInWithPassword({ email: next, password: PASSWORD });
    expect(signIn.error).toBeNull();
  });

  it('counts e-mails against the hourly limit', async () => {
    const limit = t.ctx.config.auth.rateLimits.emailsPerHour;
    clock.advance(3601);
    let refused = 0;
    for (let i = 0; i <= limit; i++) {
      const res = await authFetch(t, '/signup', {
        method: 'POST',
        body: JSON.stringify({
          email: uniqueEmail('bulk'),
          password: PASSWORD,
        }),
      });
      if (res.status === 429) {
        refused++;
        expect(await res.json()).toEqual({
          code: 'over_email_send_rate_limit',
          message: 'email rate limit exceeded',
        });
      }
    }
    expect(refused).toBe(1);
  });

  it('rejects a GET /verify without type or token as JSON', async () => {
    const res = await authFetch(t, '/verify?token=abc');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'validation_failed',
      message: 'Verify requires a verification type',
    });
  });
});
