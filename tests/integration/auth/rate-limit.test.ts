import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../../support/backend.ts';
import {
  authFetch,
  PASSWORD,
  signUpUser,
  startAuthBackend,
  testClock,
} from './support.ts';

describe('per-IP request limits at GoTrue’s defaults', () => {
  let t: TestBackend;
  const clock = testClock();
  beforeAll(async () => {
    t = await startAuthBackend({
      now: clock.now,
      // The defaults of config.ts: 30 sign-ins and sign-ups per 5 minutes.
      // The test client stands in for many addresses behind a trusted proxy
      // (the client's own X-Forwarded-For is no longer believed otherwise).
      env: {
        PEEGA_RATE_LIMIT_TOKEN: '30',
        PEEGA_RATE_LIMIT_REFRESH: '150',
        PEEGA_TRUSTED_PROXIES: '127.0.0.1',
      },
    });
  });
  afterAll(() => t?.stop());

  const signIn = (ip: string, email: string, password = 'wrong-password-1') =>
    t
      .client(t.anonKey, { 'x-forwarded-for': ip })
      .auth.signInWithPassword({ email, password });

  it('allows 30 sign-ins in 5 minutes and refuses the 31st with 429', async () => {
    expect(t.ctx.config.auth.rateLimits.tokenAndSignup).toBe(30);
    const ip = '203.0.113.7';
    for (let i = 1; i <= 30; i++) {
      const { error } = await signIn(ip, 'nobody@example.com');
      expect(error, `attempt ${i}`).toMatchObject({
        code: 'invalid_credentials',
      });
    }
    const { error } = await signIn(ip, 'nobody@example.com');
    expect(error).toMatchObject({
      name: 'AuthApiError',
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    const raw = await authFetch(t, '/token?grant_type=password', {
      method: 'POST',
      headers: { 'x-forwarded-for': ip },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'x' }),
    });
    expect(raw.status).toBe(429);
    expect(raw.headers.get('x-sb-error-code')).toBe('over_request_rate_limit');
    expect(await raw.json()).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });

    const other = await signIn('203.0.113.8', 'nobody@example.com');
    expect(other.error).toMatchObject({ code: 'invalid_credentials' });

    clock.advance(301);
    const later = await signIn(ip, 'nobody@example.com');
    expect(later.error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('counts sign-ups and sign-ins together', async () => {
    const ip = '198.51.100.20';
    const client = t.client(t.anonKey, { 'x-forwarded-for': ip });
    for (let i = 0; i < 15; i++) {
      const { error } = await client.auth.signUp({
        email: `shared-${i}@example.com`,
        password: PASSWORD,
      });
      expect(error).toBeNull();
    }
    for (let i = 0; i < 15; i++) {
      await signIn(ip, `shared-${i}@example.com`, PASSWORD);
    }
    const { error } = await client.auth.signUp({
      email: 'shared-last@example.com',
      password: PASSWORD,
    });
    expect(error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
    });
  });

  it('limits refreshes separately, at 150 per 5 minutes', async () => {
    const ip = '192.0.2.50';
    const { session } = await signUpUser(t);
    const client = t.client(t.anonKey, { 'x-forwarded-for': ip });
    let token = session.refresh_token;
    for (let i = 0; i < 150; i++) {
      const { data, error } = await client.auth.refreshSession({
        refresh_token: token,
      });
      expect(error).toBeNull();
      token = data.session!.refresh_token;
    }
    const { error } = await client.auth.refreshSession({
      refresh_token: token,
    });
    expect(error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
    });
    const signInStill = await signIn(ip, 'nobody@example.com');
    expect(signInStill.error).toMatchObject({ code: 'invalid_credentials' });
  });
});
