import * as OTPAuth from 'otpauth';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, type TestBackend } from '../../support/backend.ts';
import {
  authFetch,
  jwtPayload,
  PASSWORD,
  RFC3339_UTC,
  signUpUser,
  startAuthBackend,
  testClock,
} from './support.ts';

/** The code an authenticator app shows for a secret at a moment. */
function totpCode(secret: string, at: Date, offsetSteps = 0): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({ timestamp: at.getTime() + offsetSteps * 30_000 });
}

/** A wrong code: the right one with its last digit changed. */
const wrong = (code: string) =>
  code.slice(0, 5) + String((Number(code[5]) + 1) % 10);

describe('MFA with TOTP (GoTrue /factors)', () => {
  let t: TestBackend;
  const clock = testClock();
  beforeAll(async () => {
    t = await startAuthBackend({ now: clock.now });
  });
  afterAll(() => t?.stop());

  /** A signed-in client (session kept in memory) of a new user. */
  async function signedIn(): Promise<{
    client: SupabaseClient;
    email: string;
    userId: string;
  }> {
    const { email, user } = await signUpUser(t);
    const client = t.client();
    const { error } = await client.auth.signInWithPassword({
      email,
      password: PASSWORD,
    });
    expect(error).toBeNull();
    return { client, email, userId: user.id };
  }

  /** Enrols and verifies a TOTP factor; the client ends at aal2. */
  async function enrolled() {
    const s = await signedIn();
    const { data, error } = await s.client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Phone app',
    });
    expect(error).toBeNull();
    const secret = data!.totp!.secret;
    const verified = await s.client.auth.mfa.challengeAndVerify({
      factorId: data!.id,
      code: totpCode(secret, clock.now()),
    });
    expect(verified.error).toBeNull();
    return { ...s, factorId: data!.id, secret };
  }

  it('enrols a TOTP factor: id, type, friendly name, SVG QR code, secret, otpauth URI', async () => {
    const { client, email } = await signedIn();
    const { data, error } = await client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Laptop',
      issuer: 'Peega',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: 'totp', friendly_name: 'Laptop' });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);
    const { qr_code, secret, uri } = data!.totp!;
    // GoTrue sends the SVG itself; auth-js makes it a data URI.
    expect(qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(qr_code).not.toContain('#');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Peega:${email}?algorithm=SHA1&digits=6&issuer=Peega&period=30&secret=${secret}`,
    );
    // The secret is kept server-side; the factor is unverified until verified.
    const { rows } = await t.ctx.db.query<{ secret: string; status: string }>(
      'select secret, status::text from auth.mfa_factors where id = $1',
      [data!.id],
    );
    expect(rows[0]).toEqual({ secret, status: 'unverified' });
  });

  it('defaults the issuer to the site host', async () => {
    const { client } = await signedIn();
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const host = new URL(t.ctx.config.publicUrl).host;
    expect(data!.totp!.uri).toContain(`otpauth://totp/${host}:`);
    expect(data!.totp!.uri).toContain(`&issuer=${encodeURIComponent(host)}&`);
  });

  it('refuses a friendly name the user already has', async () => {
    const { client } = await signedIn();
    await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Key' });
    const { data, error } = await client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Key',
    });
    expect(data).toBeNull();
    expect(error).toMatchObject({
      status: 422,
      code: 'mfa_factor_name_conflict',
      message:
        'A factor with the friendly name "Key" for this user already exists',
    });
  });

  it('keeps at most ten factors, then answers too_many_enrolled_mfa_factors', async () => {
    const { client } = await signedIn();
    for (let i = 0; i < 10; i++) {
      const r = await client.auth.mfa.enroll({
        factorType: 'totp',
        friendlyName: `f${i}`,
      });
      expect(r.error).toBeNull();
    }
    const { error } = await client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'f10',
    });
    expect(error).toMatchObject({
      status: 422,
      code: 'too_many_enrolled_mfa_factors',
    });
  });

  it('drops unverified factors without challenges after five minutes', async () => {
    const { client, userId } = await signedIn();
    await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'old' });
    clock.advance(301);
    await client.auth.refreshSession();
    await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'new' });
    const { rows } = await t.ctx.db.query<{ friendly_name: string }>(
      'select friendly_name from auth.mfa_factors where user_id = $1',
      [userId],
    );
    expect(rows.map((r) => r.friendly_name)).toEqual(['new']);
  });

  it('answers phone and WebAuthn enrolment as GoTrue does without them configured', async () => {
    const { client } = await signedIn();
    const phone = await client.auth.mfa.enroll({
      factorType: 'phone',
      phone: '+15555550100',
    });
    expect(phone.error).toMatchObject({
      status: 422,
      code: 'mfa_phone_enroll_not_enabled',
      message: 'MFA enroll is disabled for Phone',
    });
    const res = await authFetch(t, '/factors', {
      method: 'POST',
      token: (await client.auth.getSession()).data.session!.access_token,
      body: JSON.stringify({ factor_type: 'sms' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'validation_failed',
      message: 'factor_type needs to be totp, phone, or webauthn',
    });
  });

  it('challenges: an id, the type and when the challenge expires', async () => {
    const { client } = await signedIn();
    const { data: f } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { data, error } = await client.auth.mfa.challenge({
      factorId: f!.id,
    });
    expect(error).toBeNull();
    const now = Math.floor(clock.now().getTime() / 1000);
    expect(data!.type).toBe('totp');
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data!.expires_at).toBeGreaterThanOrEqual(now + 299);
    expect(data!.expires_at).toBeLessThanOrEqual(now + 301);
  });

  it('verifies: an aal2 session with totp in amr, the factor verified, the refresh token swapped', async () => {
    const { client } = await signedIn();
    const before = (await client.auth.getSession()).data.session!;
    expect(jwtPayload(before.access_token).aal).toBe('aal1');
    const { data: f } = await client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'App',
    });
    const { data: c } = await client.auth.mfa.challenge({ factorId: f!.id });
    const { data, error } = await client.auth.mfa.verify({
      factorId: f!.id,
      challengeId: c!.id,
      code: totpCode(f!.totp!.secret, clock.now()),
    });
    expect(error).toBeNull();
    const claims = jwtPayload(data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.session_id).toBe(jwtPayload(before.access_token).session_id);
    const amr = claims.amr as { method: string; timestamp: number }[];
    expect(amr.map((e) => e.method)).toEqual(['totp', 'password']);
    expect(amr[0]!.timestamp).toBeGreaterThanOrEqual(amr[1]!.timestamp);
    expect(data!.refresh_token).not.toBe(before.refresh_token);
    expect(data!.user.factors).toEqual([
      expect.objectContaining({
        id: f!.id,
        status: 'verified',
        factor_type: 'totp',
        friendly_name: 'App',
        created_at: expect.stringMatching(RFC3339_UTC),
      }),
    ]);
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
  });

  it('accepts the code of the step before or after, not two steps away', async () => {
    const { client } = await signedIn();
    const { data: f } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const secret = f!.totp!.secret;
    const far = await client.auth.mfa.challengeAndVerify({
      factorId: f!.id,
      code: totpCode(secret, clock.now(), -2),
    });
    expect(far.error).toMatchObject({ code: 'mfa_verification_failed' });
    const near = await client.auth.mfa.challengeAndVerify({
      factorId: f!.id,
      code: totpCode(secret, clock.now(), -1),
    });
    expect(near.error).toBeNull();
  });

  it('refuses a wrong code with mfa_verification_failed (422) and keeps aal1', async () => {
    const { client } = await signedIn();
    const { data: f } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { data: c } = await client.auth.mfa.challenge({ factorId: f!.id });
    const { data, error } = await client.auth.mfa.verify({
      factorId: f!.id,
      challengeId: c!.id,
      code: wrong(totpCode(f!.totp!.secret, clock.now())),
    });
    expect(data).toBeNull();
    expect(error).toMatchObject({
      name: 'AuthApiError',
      status: 422,
      code: 'mfa_verification_failed',
      message: 'Invalid TOTP code entered',
    });
    const session = (await client.auth.getSession()).data.session!;
    expect(jwtPayload(session.access_token).aal).toBe('aal1');
    const empty = await client.auth.mfa.verify({
      factorId: f!.id,
      challengeId: c!.id,
      code: '',
    });
    expect(empty.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Code needs to be non-empty',
    });
  });

  it('uses a challenge once: a verified challenge answers mfa_ip_address_mismatch', async () => {
    const { client } = await signedIn();
    const { data: f } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { data: c } = await client.auth.mfa.challenge({ factorId: f!.id });
    const code = totpCode(f!.totp!.secret, clock.now());
    const first = await client.auth.mfa.verify({
      factorId: f!.id,
      challengeId: c!.id,
      code,
    });
    expect(first.error).toBeNull();
    const again = await client.auth.mfa.verify({
      factorId: f!.id,
      challengeId: c!.id,
      code,
    });
    expect(again.error).toMatchObject({
      status: 422,
      code: 'mfa_ip_address_mismatch',
      message: 'Challenge and verify IP addresses mismatch.',
    });
  });

  it('expires a challenge after 300 seconds', async () => {
    const { client } = await signedIn();
    const { data: f } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { data: c } = await client.auth.mfa.challenge({ factorId: f!.id });
    clock.advance(301);
    await client.auth.refreshSession();
    const { error } = await client.auth.mfa.verify({
      factorId: f!.id,
      challengeId: c!.id,
      code: totpCode(f!.totp!.secret, clock.now()),
    });
    expect(error).toMatchObject({
      status: 422,
      code: 'mfa_challenge_expired',
      message: `MFA challenge ${c!.id} has expired, verify against another challenge or create a new challenge.`,
    });
    const unknown = await client.auth.mfa.verify({
      factorId: f!.id,
      challengeId: c!.id,
      code: '123456',
    });
    expect(unknown.error).toMatchObject({
      status: 422,
      code: 'mfa_factor_not_found',
    });
  });

  it('answers 404 for a factor of another user or not a UUID', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const { data: f } = await a.client.auth.mfa.enroll({ factorType: 'totp' });
    const other = await b.client.auth.mfa.challenge({ factorId: f!.id });
    expect(other.error).toMatchObject({
      status: 404,
      code: 'mfa_factor_not_found',
      message: 'Factor not found',
    });
    const bad = await b.client.auth.mfa.unenroll({ factorId: 'nope' });
    expect(bad.error).toMatchObject({
      status: 404,
      code: 'validation_failed',
      message: 'factor_id must be an UUID',
    });
  });

  it('password sign-in with a verified factor: aal1 with nextLevel aal2; refresh keeps aal2 after verifying', async () => {
    const { email, factorId, secret } = await enrolled();
    const client = t.client();
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const session = (await client.auth.getSession()).data.session!;
    expect(jwtPayload(session.access_token).aal).toBe('aal1');
    expect(session.user.factors).toHaveLength(1);
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
      currentAuthenticationMethods: [
        expect.objectContaining({ method: 'password' }),
      ],
    });
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data!.totp.map((f) => f.id)).toEqual([factorId]);
    const { error } = await client.auth.mfa.challengeAndVerify({
      factorId,
      code: totpCode(secret, clock.now()),
    });
    expect(error).toBeNull();
    clock.advance(5);
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const claims = jwtPayload(refreshed.data.session!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((e) => e.method)).toContain(
      'totp',
    );
  });

  it("verifying ends the user's other aal1 sessions", async () => {
    const { email, factorId, secret, client } = await enrolled();
    const other = t.client();
    await other.auth.signInWithPassword({ email, password: PASSWORD });
    const otherRefresh = (await other.auth.getSession()).data.session!
      .refresh_token;
    await client.auth.mfa.challengeAndVerify({
      factorId,
      code: totpCode(secret, clock.now()),
    });
    const r = await t.client().auth.refreshSession({
      refresh_token: otherRefresh,
    });
    // The session is gone, and its refresh tokens with it.
    expect(r.error).toMatchObject({ code: 'refresh_token_not_found' });
    // The aal2 session goes on.
    expect((await client.auth.refreshSession()).error).toBeNull();
  });

  it('enrolling another factor once one is verified needs aal2', async () => {
    const { email } = await enrolled();
    const client = t.client();
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const { error } = await client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'second',
    });
    expect(error).toMatchObject({
      status: 403,
      code: 'insufficient_aal',
      message: 'AAL2 required to enroll a new factor',
    });
  });

  it('unenrolling a verified factor needs aal2; then the session downgrades to aal1', async () => {
    const { email, factorId, secret, client } = await enrolled();
    const aal1 = t.client();
    await aal1.auth.signInWithPassword({ email, password: PASSWORD });
    const refused = await aal1.auth.mfa.unenroll({ factorId });
    expect(refused.error).toMatchObject({
      status: 422,
      code: 'insufficient_aal',
      message: 'AAL2 required to unenroll verified factor',
    });
    await aal1.auth.mfa.challengeAndVerify({
      factorId,
      code: totpCode(secret, clock.now()),
    });
    const { data, error } = await aal1.auth.mfa.unenroll({ factorId });
    expect(error).toBeNull();
    expect(data).toEqual({ id: factorId });
    const refreshed = await aal1.auth.refreshSession();
    const claims = jwtPayload(refreshed.data.session!.access_token);
    expect(claims.aal).toBe('aal1');
    expect((claims.amr as { method: string }[]).map((e) => e.method)).toEqual([
      'password',
    ]);
    expect(refreshed.data.session!.user.factors).toBeUndefined();
    const user = await aal1.auth.getUser();
    expect(user.data.user!.factors).toBeUndefined();
    // The first session was aal2 already, so verifying again kept it.
    expect((await client.auth.refreshSession()).error).toBeNull();
  });

  it('changing the password or e-mail with MFA on needs aal2 (401 insufficient_aal)', async () => {
    const { email, factorId, secret } = await enrolled();
    const client = t.client();
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const refused = await client.auth.updateUser({
      password: 'another-long-passphrase',
    });
    expect(refused.error).toMatchObject({
      status: 401,
      code: 'insufficient_aal',
      message:
        'AAL2 session is required to update email or password when MFA is enabled.',
    });
    const meta = await client.auth.updateUser({ data: { note: 'fine' } });
    expect(meta.error).toBeNull();
    await client.auth.mfa.challengeAndVerify({
      factorId,
      code: totpCode(secret, clock.now()),
    });
    const done = await client.auth.updateUser({
      password: 'another-long-passphrase',
    });
    expect(done.error).toBeNull();
  });

  it('unenrols an unverified factor at aal1', async () => {
    const { client } = await signedIn();
    const { data: f } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { data, error } = await client.auth.mfa.unenroll({ factorId: f!.id });
    expect(error).toBeNull();
    expect(data).toEqual({ id: f!.id });
  });

  it("GET /user lists the factors with GoTrue's fields and never the secret", async () => {
    const { client, factorId } = await enrolled();
    const token = (await client.auth.getSession()).data.session!.access_token;
    const res = await authFetch(t, '/user', { token });
    const body = await res.json();
    expect(body.factors).toEqual([
      {
        id: factorId,
        created_at: expect.stringMatching(RFC3339_UTC),
        updated_at: expect.stringMatching(RFC3339_UTC),
        status: 'verified',
        friendly_name: 'Phone app',
        factor_type: 'totp',
        phone: '',
        last_challenged_at: expect.stringMatching(RFC3339_UTC),
      },
    ]);
    expect(JSON.stringify(body)).not.toContain('secret');
  });

  it("admin lists and deletes a user's factors; the user's sessions downgrade", async () => {
    const { client, userId, factorId } = await enrolled();
    const admin = createTestClient(t.url, t.serviceRoleKey);
    const list = await admin.auth.admin.mfa.listFactors({ userId });
    expect(list.error).toBeNull();
    expect(list.data!.factors.map((f) => f.id)).toEqual([factorId]);
    const del = await admin.auth.admin.mfa.deleteFactor({
      userId,
      id: factorId,
    });
    expect(del.error).toBeNull();
    // auth-js wraps the deleted factor once more in `{data, error}`.
    expect(del.data).toMatchObject({ data: { id: factorId } });
    const again = await admin.auth.admin.mfa.listFactors({ userId });
    expect(again.data!.factors).toEqual([]);
    const refreshed = await client.auth.refreshSession();
    expect(jwtPayload(refreshed.data.session!.access_token).aal).toBe('aal1');
    const anon = await client.auth.admin.mfa.listFactors({ userId });
    expect(anon.error).toMatchObject({ status: 403, code: 'not_admin' });
  });

  it('rate limits challenges per address (GoTrue: 15 a minute, bursts of 30)', async () => {
    const { client } = await signedIn();
    const { data: f } = await client.auth.mfa.enroll({ factorType: 'totp' });
    // Past the window of the challenges the earlier tests made.
    clock.advance(121);
    for (let i = 0; i < 30; i++) {
      const r = await client.auth.mfa.challenge({ factorId: f!.id });
      expect(r.error).toBeNull();
    }
    const limited = await client.auth.mfa.challenge({ factorId: f!.id });
    expect(limited.error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    clock.advance(121);
    const after = await client.auth.mfa.challenge({ factorId: f!.id });
    expect(after.error).toBeNull();
  });
});
