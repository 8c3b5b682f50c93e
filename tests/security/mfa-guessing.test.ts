import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import {
  authFetch,
  PASSWORD,
  signUpUser,
} from '../integration/auth/support.ts';

// #40 item 21 (red team, round 3): with a new address per guess, 120 wrong
// second-factor codes in 3 s were all answered 422. The MFA Verification
// Attempt hook (20261202010000_limits.sql, run by the embedded GoTrue as by
// hosted GoTrue) limits guesses per factor and per account, whatever the
// address: 5 wrong codes, then every attempt is rejected and the account is
// signed out.

const code = (secret: string, offsetSteps = 0) =>
  new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

/** A code far from the right one (never valid in the ±1 step window). */
const wrong = (secret: string, i: number) => {
  const near = new Set([code(secret, -1), code(secret), code(secret, 1)]);
  let n = (Number(code(secret)) + 500_000 + i) % 1_000_000;
  while (near.has(String(n).padStart(6, '0'))) n = (n + 1) % 1_000_000;
  return String(n).padStart(6, '0');
};

describe('second-factor guessing from many addresses (#40 item 21)', () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startTestBackend({
      env: {
        // Requests from 127.0.0.1 name their client address.
        PEEGA_TRUSTED_PROXIES: '127.0.0.1',
        PEEGA_RATE_LIMIT_TOKEN: '1000',
      },
    });
  });
  afterAll(() => t?.stop());

  /** A password sign-in (what a thief of the password has): an aal1 token. */
  async function aal1(email: string, ip: string) {
    const res = await authFetch(t, '/token?grant_type=password', {
      method: 'POST',
      headers: { 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  /** One challenge and verify from `ip`; the answer's status and code. */
  async function attempt(
    token: string,
    factorId: string,
    ip: string,
    guess: string,
  ) {
    const headers = { 'x-forwarded-for': ip };
    const challenge = await authFetch(t, `/factors/${factorId}/challenge`, {
      method: 'POST',
      token,
      headers,
      body: '{}',
    });
    expect(challenge.status).toBe(200);
    const { id } = (await challenge.json()) as { id: string };
    const res = await authFetch(t, `/factors/${factorId}/verify`, {
      method: 'POST',
      token,
      headers,
      body: JSON.stringify({ challenge_id: id, code: guess }),
    });
    // API version 2024-01-01: { code, message }.
    const body = (await res.json()) as { code?: string; message?: string };
    return { status: res.status, code: body.code, msg: body.message };
  }

  it('rejects the sixth wrong code of a factor, from a new address each time, and then even the right one', async () => {
    const { email, session } = await signUpUser(t);
    const enrol = await authFetch(t, '/factors', {
      method: 'POST',
      token: session.access_token,
      body: JSON.stringify({ factor_type: 'totp' }),
    });
    expect(enrol.status).toBe(200);
    const factor = (await enrol.json()) as {
      id: string;
      totp: { secret: string };
    };
    // The owner turns it on.
    const on = await attempt(
      session.access_token,
      factor.id,
      '203.0.113.1',
      code(factor.totp.secret),
    );
    expect(on.status).toBe(200);

    // The thief has the password, and a new address for every guess.
    const token = await aal1(email, '198.51.100.200');
    for (let i = 0; i < 5; i++) {
      const r = await attempt(
        token,
        factor.id,
        `198.51.100.${i + 1}`,
        wrong(factor.totp.secret, i),
      );
      expect(r, `guess ${i + 1}`).toMatchObject({
        status: 422,
        code: 'mfa_verification_failed',
      });
    }
    const sixth = await attempt(
      token,
      factor.id,
      '198.51.100.6',
      wrong(factor.totp.secret, 6),
    );
    expect(sixth).toMatchObject({
      status: 403,
      code: 'mfa_verification_rejected',
    });
    expect(sixth.msg).toMatch(
      /^Too many wrong codes\. Please try again in \d+ minutes?\.$/,
    );

    // Signed out everywhere; signed in again, even the right code waits.
    const again = await aal1(email, '198.51.100.7');
    const right = await attempt(
      again,
      factor.id,
      '198.51.100.8',
      code(factor.totp.secret),
    );
    expect(right).toMatchObject({
      status: 403,
      code: 'mfa_verification_rejected',
    });
  });

  it('a right code clears the count: the owner who mistypes is not locked out', async () => {
    const { session } = await signUpUser(t);
    const enrol = await authFetch(t, '/factors', {
      method: 'POST',
      token: session.access_token,
      body: JSON.stringify({ factor_type: 'totp' }),
    });
    const factor = (await enrol.json()) as {
      id: string;
      totp: { secret: string };
    };
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) {
        const r = await attempt(
          session.access_token,
          factor.id,
          '203.0.113.9',
          wrong(factor.totp.secret, i),
        );
        expect(r.status).toBe(422);
      }
      const ok = await attempt(
        session.access_token,
        factor.id,
        '203.0.113.9',
        code(factor.totp.secret),
      );
      expect(ok.status, `round ${round + 1}`).toBe(200);
    }
  });
});
