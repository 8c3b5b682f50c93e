import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../../support/backend.ts';
import {
  jwtPayload,
  mailsTo,
  openLink,
  signUpUser,
  startAuthBackend,
  uniqueEmail,
} from './support.ts';

describe('POST /otp (signInWithOtp by e-mail)', () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startAuthBackend();
  });
  afterAll(() => t?.stop());

  it('mails a sign-in link to a known address', async () => {
    const { email, user } = await signUpUser(t);
    const { data, error } = await t.client().auth.signInWithOtp({
      email,
      options: { emailRedirectTo: `${t.url}/dashboard` },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null, messageId: undefined });
    const [mail] = await mailsTo(t, email);
    expect(mail).toMatchObject({
      kind: 'magiclink',
      subject: 'Your sign-in link',
    });
    const { location, fragment } = await openLink(mail!.link!);
    expect(location.startsWith(`${t.url}/dashboard#`)).toBe(true);
    expect(fragment.get('type')).toBe('magiclink');
    expect(jwtPayload(fragment.get('access_token')!).sub).toBe(user.id);
  });

  it('signs up an unknown address first, unless told not to', async () => {
    const refused = await t.client().auth.signInWithOtp({
      email: uniqueEmail(),
      options: { shouldCreateUser: false },
    });
    expect(refused.error).toMatchObject({
      status: 422,
      code: 'otp_disabled',
      message: 'Signups not allowed for otp',
    });

    const email = uniqueEmail('new');
    const { error } = await t.client().auth.signInWithOtp({
      email,
      options: { data: { full_name: 'New Person' } },
    });
    expect(error).toBeNull();
    const [mail] = await mailsTo(t, email);
    const { fragment } = await openLink(mail!.link!);
    const user = await t.client().auth.getUser(fragment.get('access_token')!);
    expect(user.data.user).toMatchObject({
      email,
      user_metadata: { full_name: 'New Person', email_verified: true },
    });
  });

  it('accepts the code of the link through verifyOtp type email', async () => {
    const { email } = await signUpUser(t);
    await t.client().auth.signInWithOtp({ email });
    const code = /Code: (\d{6})/.exec(
      (await mailsTo(t, email))[0]!.body_text,
    )![1]!;
    const { data, error } = await t
      .client()
      .auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session!.user.email).toBe(email);
  });
});
