import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../../support/backend.ts';
import {
  authFetch,
  mailsTo,
  openLink,
  PASSWORD,
  signUpUser,
  startAuthBackend,
  uniqueEmail,
} from './support.ts';

const LINK = /\/auth\/v1\/verify\?token=[0-9a-f]+&type=([a-z_]+)&redirect_to=/;

describe('admin invite and generate_link (GoTrue admin API)', () => {
  let t: TestBackend;
  let confirmT: TestBackend;
  const admin = (b: TestBackend) =>
    createClient(b.url, b.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    }).auth.admin;
  /** A confirmed user on a backend with confirmations on. */
  const confirmedUser = async (b: TestBackend) => {
    const email = uniqueEmail('confirmed');
    const { error } = await admin(b).createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    expect(error).toBeNull();
    return email;
  };
  beforeAll(async () => {
    t = await startAuthBackend();
    confirmT = await startAuthBackend({
      env: { PEEGA_AUTH_AUTOCONFIRM: '0' },
    });
  });
  afterAll(async () => {
    await t?.stop();
    await confirmT?.stop();
  });

  it('invites a new address: the user, the mail, and a link that signs in', async () => {
    const email = uniqueEmail('invitee');
    const { data, error } = await admin(t).inviteUserByEmail(email, {
      data: { full_name: 'Ivy Invitee' },
    });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(email);
    expect(data.user!.invited_at).toBeTruthy();
    expect(data.user!.confirmation_sent_at).toBeTruthy();
    expect(data.user!.email_confirmed_at).toBeUndefined();
    expect(data.user!.user_metadata).toEqual({ full_name: 'Ivy Invitee' });
    expect(data.user!.identities![0]!.identity_data).toMatchObject({
      email,
      email_verified: false,
    });
    const mails = await mailsTo(t, email);
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([
      ['invite', 'You have been invited'],
    ]);
    expect(mails[0]!.link).toMatch(LINK);
    const { fragment } = await openLink(mails[0]!.link!);
    expect(fragment.get('type')).toBe('invite');
    const { data: me } = await t
      .client()
      .auth.getUser(fragment.get('access_token')!);
    expect(me.user!.id).toBe(data.user!.id);
    expect(me.user!.email_confirmed_at).toBeTruthy();
  });

  it('refuses to invite a confirmed address and needs the service role', async () => {
    const { email } = await signUpUser(t);
    const { error } = await admin(t).inviteUserByEmail(email);
    expect(error).toMatchObject({ status: 422, code: 'email_exists' });
    expect(error!.message).toBe(
      'A user with this email address has already been registered',
    );
    const res = await authFetch(t, '/invite', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail() }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: 'not_admin',
      message: 'User not allowed',
    });
    const bad = await admin(t).inviteUserByEmail('not-an-address');
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(bad.error!.message).toBe(
      'Unable to validate email address: invalid format',
    );
  });

  it('generates a signup link whose link and code both confirm', async () => {
    const email = uniqueEmail('gen-signup');
    const { data, error } = await admin(confirmT).generateLink({
      type: 'signup',
      email,
      password: PASSWORD,
      options: { data: { plan: 'x' } },
    });
    expect(error).toBeNull();
    expect(data.properties).toMatchObject({
      verification_type: 'signup',
      redirect_to: confirmT.url,
    });
    expect(data.properties!.email_otp).toMatch(/^\d{6}$/);
    expect(data.properties!.hashed_token).toMatch(/^[0-9a-f]+$/);
    expect(data.properties!.action_link).toMatch(LINK);
    expect(data.properties!.action_link).toContain(
      `token=${data.properties!.hashed_token}&type=signup`,
    );
    expect(data.user!.email).toBe(email);
    expect(data.user!.user_metadata).toEqual({ plan: 'x' });
    // Nothing is mailed: the caller sends the link itself.
    expect(await mailsTo(confirmT, email)).toEqual([]);
    const client = confirmT.client();
    const { data: verified, error: verifyError } = await client.auth.verifyOtp({
      email,
      token: data.properties!.email_otp,
      type: 'signup',
    });
    expect(verifyError).toBeNull();
    expect(verified.user!.email_confirmed_at).toBeTruthy();
    const signIn = await client.auth.signInWithPassword({
      email,
      password: PASSWORD,
    });
    expect(signIn.error).toBeNull();
    // Confirmed now: a second signup link is refused.
    const again = await admin(confirmT).generateLink({
      type: 'signup',
      email,
      password: PASSWORD,
    });
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('generates magic links (a new address becomes a signup) and recovery links', async () => {
    const fresh = uniqueEmail('gen-magic');
    const created = await admin(t).generateLink({
      type: 'magiclink',
      email: fresh,
    });
    expect(created.error).toBeNull();
    expect(created.data.properties!.verification_type).toBe('signup');
    const { email } = await signUpUser(t);
    const magic = await admin(t).generateLink({ type: 'magiclink', email });
    expect(magic.data.properties!.verification_type).toBe('magiclink');
    const { fragment } = await openLink(magic.data.properties!.action_link);
    expect(fragment.get('type')).toBe('magiclink');
    expect(fragment.get('access_token')).toBeTruthy();
    const recovery = await admin(t).generateLink({ type: 'recovery', email });
    const { data: session, error } = await t.client().auth.verifyOtp({
      token_hash: recovery.data.properties!.hashed_token,
      type: 'recovery',
    });
    expect(error).toBeNull();
    expect(session.user!.email).toBe(email);
    const missing = await admin(t).generateLink({
      type: 'recovery',
      email: uniqueEmail('nobody'),
    });
    expect(missing.error).toMatchObject({
      status: 404,
      code: 'user_not_found',
      message: 'User with this email not found',
    });
  });

  it('generates an invite link and e-mail change links that move the address', async () => {
    const invitee = uniqueEmail('gen-invite');
    const inv = await admin(t).generateLink({ type: 'invite', email: invitee });
    expect(inv.error).toBeNull();
    expect(inv.data.user!.invited_at).toBeTruthy();
    expect(inv.data.properties!.action_link).toContain('type=invite');
    expect(
      (await openLink(inv.data.properties!.action_link)).fragment.get('type'),
    ).toBe('invite');

    const email = await confirmedUser(confirmT);
    const newEmail = uniqueEmail('moved');
    const current = await admin(confirmT).generateLink({
      type: 'email_change_current',
      email,
      newEmail,
    });
    expect(current.error).toBeNull();
    expect(current.data.user!.new_email).toBe(newEmail);
    const next = await admin(confirmT).generateLink({
      type: 'email_change_new',
      email,
      newEmail,
    });
    expect(next.data.properties!.action_link).toContain('type=email_change');
    const first = await openLink(current.data.properties!.action_link);
    expect(first.fragment.get('message')).toMatch(/Confirmation link accepted/);
    const second = await openLink(next.data.properties!.action_link);
    const { data: me } = await confirmT
      .client()
      .auth.getUser(second.fragment.get('access_token')!);
    expect(me.user!.email).toBe(newEmail);

    const taken = await admin(confirmT).generateLink({
      type: 'email_change_new',
      email: newEmail,
      newEmail: await confirmedUser(confirmT),
    });
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('answers an unknown type and a weak signup password as GoTrue', async () => {
    const { email } = await signUpUser(t);
    const res = await authFetch(t, '/admin/generate_link', {
      method: 'POST',
      token: t.serviceRoleKey,
      body: JSON.stringify({ type: 'bogus', email }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'validation_failed',
      message: 'Invalid email action link type requested: bogus',
    });
    const weak = await admin(t).generateLink({
      type: 'signup',
      email: uniqueEmail(),
      password: 'short',
    });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
  });
});
