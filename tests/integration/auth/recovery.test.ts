import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../../support/backend.ts';
import {
  authFetch,
  jwtPayload,
  mailsTo,
  openLink,
  PASSWORD,
  signUpUser,
  startAuthBackend,
  testClock,
  uniqueEmail,
} from './support.ts';

describe('password recovery', () => {
  let t: TestBackend;
  const clock = testClock();
  beforeAll(async () => {
    t = await startAuthBackend({ now: clock.now });
  });
  afterAll(() => t?.stop());

  it('resets the password through the e-mailed link', async () => {
    const { email } = await signUpUser(t);
    const client = t.client();
    const sent = await client.auth.resetPasswordForEmail(email, {
      redirectTo: `${t.url}/reset-password`,
    });
    expect(sent).toEqual({ data: {}, error: null });

    const [mail] = await mailsTo(t, email);
    expect(mail).toMatchObject({
      kind: 'recovery',
      subject: 'Reset your password',
    });
    expect(mail!.link).toContain(`/auth/v1/verify?token=`);
    expect(mail!.link).toContain(
      `&type=recovery&redirect_to=${t.url}/reset-password`,
    );

    const { res, location, fragment } = await openLink(mail!.link!);
    expect(res.status).toBe(303);
    expect(location.startsWith(`${t.url}/reset-password#access_token=`)).toBe(
      true,
    );
    expect(fragment.get('type')).toBe('recovery');
    expect(jwtPayload(fragment.get('access_token')!).amr).toEqual([
      { method: 'otp', timestamp: expect.any(Number) },
    ]);

    const session = await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(session.error).toBeNull();
    const updated = await client.auth.updateUser({
      password: 'recovered-passphrase',
    });
    expect(updated.error).toBeNull();

    const old = await t
      .client()
      .auth.signInWithPassword({ email, password: PASSWORD });
    expect(old.error).toMatchObject({ code: 'invalid_credentials' });
    const fresh = await t
      .client()
      .auth.signInWithPassword({ email, password: 'recovered-passphrase' });
    expect(fresh.error).toBeNull();
    expect((await openLink(mail!.link!)).fragment.get('error_code')).toBe(
      'otp_expired',
    );
  });

  it('answers known and unknown addresses alike and mails only the known', async () => {
    const { email } = await signUpUser(t);
    const stranger = uniqueEmail('stranger');
    const known = await authFetch(t, '/recover', {
      method: 'POST',
      body: JSON.stringify({ email }),
    });
    const unknown = await authFetch(t, '/recover', {
      method: 'POST',
      body: JSON.stringify({ email: stranger }),
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.text()).toBe('{}');
    expect(await unknown.text()).toBe('{}');
    expect(known.headers.get('content-type')).toBe(
      unknown.headers.get('content-type'),
    );
    expect(await mailsTo(t, email)).toHaveLength(1);
    expect(await mailsTo(t, stranger)).toHaveLength(0);
  });

  it('sends at most one recovery e-mail a minute to an address', async () => {
    const { email } = await signUpUser(t);
    await t.client().auth.resetPasswordForEmail(email);
    const again = await t.client().auth.resetPasswordForEmail(email);
    expect(again.error).toMatchObject({
      status: 429,
      code: 'over_email_send_rate_limit',
      message: expect.stringMatching(
        /^For security purposes, you can only request this after (59|60) seconds\.$/,
      ),
    });
    clock.advance(60);
    expect(
      (await t.client().auth.resetPasswordForEmail(email)).error,
    ).toBeNull();
    expect(await mailsTo(t, email)).toHaveLength(2);
  });

  it('accepts the code from the e-mail through verifyOtp', async () => {
    const { email } = await signUpUser(t);
    const client = t.client();
    await client.auth.resetPasswordForEmail(email);
    const code = /Code: (\d{6})/.exec(
      (await mailsTo(t, email))[0]!.body_text,
    )![1]!;
    const { data, error } = await client.auth.verifyOtp({
      email,
      token: code,
      type: 'recovery',
    });
    expect(error).toBeNull();
    expect(data.session!.user.email).toBe(email);
    expect(data.session!.token_type).toBe('bearer');
  });

  it('refuses foreign redirect targets and falls back to the site URL', async () => {
    const { email } = await signUpUser(t);
    await t.client().auth.resetPasswordForEmail(email, {
      redirectTo: 'https://evil.example.net/steal',
    });
    const [mail] = await mailsTo(t, email);
    expect(mail!.link!.endsWith(`&redirect_to=${t.url}`)).toBe(true);
    const { location } = await openLink(mail!.link!);
    expect(location.startsWith(`${t.url}#access_token=`)).toBe(true);
  });

  it('validates the address', async () => {
    const { error } = await t.client().auth.resetPasswordForEmail('');
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Password recovery requires an email',
    });
  });
});
