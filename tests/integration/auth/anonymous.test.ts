import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../../support/backend.ts';
import {
  authFetch,
  jwtPayload,
  mailsTo,
  openLink,
  PASSWORD,
  startAuthBackend,
  uniqueEmail,
} from './support.ts';

describe('anonymous sign-ins (GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED)', () => {
  let off: TestBackend;
  let on: TestBackend;
  let confirming: TestBackend;
  beforeAll(async () => {
    off = await startAuthBackend();
    on = await startAuthBackend({
      env: {
        GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED: 'true',
        GOTRUE_RATE_LIMIT_ANONYMOUS_USERS: '4',
      },
    });
    confirming = await startAuthBackend({
      env: {
        GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED: 'true',
        PEEGA_AUTH_AUTOCONFIRM: '0',
      },
    });
  }, 240_000);
  afterAll(async () => {
    await off?.stop();
    await on?.stop();
    await confirming?.stop();
  });

  it('is off by default, as on hosted Supabase', async () => {
    const { data, error } = await off.client().auth.signInAnonymously();
    expect(data.session).toBeNull();
    expect(error).toMatchObject({
      status: 422,
      code: 'anonymous_provider_disabled',
      message: 'Anonymous sign-ins are disabled',
    });
    const settings = await (await authFetch(off, '/settings')).json();
    expect(settings.external.anonymous_users).toBe(false);
  });

  it('signs in an anonymous user with the is_anonymous claim', async () => {
    const settings = await (await authFetch(on, '/settings')).json();
    expect(settings.external.anonymous_users).toBe(true);
    const client = on.client();
    const { data, error } = await client.auth.signInAnonymously({
      options: { data: { theme: 'dark' } },
    });
    expect(error).toBeNull();
    const user = data.user!;
    expect(user.is_anonymous).toBe(true);
    expect(user.email).toBe('');
    expect(user.identities).toEqual([]);
    expect(user.app_metadata).toEqual({});
    expect(user.user_metadata).toEqual({ theme: 'dark' });
    const claims = jwtPayload(data.session!.access_token);
    expect(claims).toMatchObject({
      is_anonymous: true,
      role: 'authenticated',
      sub: user.id,
    });
    expect((claims.amr as { method: string }[])[0]!.method).toBe('anonymous');
    // The session refreshes like any other.
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(jwtPayload(refreshed.data.session!.access_token).is_anonymous).toBe(
      true,
    );
    // No identity to unlink, and a password needs an address first.
    expect((await client.auth.getUserIdentities()).data).toEqual({
      identities: [],
    });
    const pw = await client.auth.updateUser({ password: PASSWORD });
    expect(pw.error).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message:
        'Updating password of an anonymous user without an email or phone is not allowed',
    });
  });

  it('becomes a permanent user by adding an address (autoconfirm on)', async () => {
    const client = on.client();
    const { data } = await client.auth.signInAnonymously();
    const email = uniqueEmail('upgraded');
    const { data: updated, error } = await client.auth.updateUser({
      email,
      password: PASSWORD,
    });
    expect(error).toBeNull();
    expect(updated.user).toMatchObject({
      id: data.user!.id,
      email,
      is_anonymous: false,
    });
    expect(updated.user!.email_confirmed_at).toBeTruthy();
    expect(updated.user!.identities!.map((i) => i.provider)).toEqual(['email']);
    const signIn = await on
      .client()
      .auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(jwtPayload(signIn.data.session!.access_token).is_anonymous).toBe(
      false,
    );
  });

  it('with confirmations on, the address is confirmed by its link first', async () => {
    const client = confirming.client();
    const { data } = await client.auth.signInAnonymously();
    const email = uniqueEmail('confirm-upgrade');
    const { data: pending, error } = await client.auth.updateUser({ email });
    expect(error).toBeNull();
    expect(pending.user).toMatchObject({ is_anonymous: true, email: '' });
    expect(pending.user!.new_email).toBe(email);
    const mails = await mailsTo(confirming, email);
    expect(mails.map((m) => m.kind)).toEqual(['email_change']);
    const { fragment } = await openLink(mails[0]!.link!);
    const token = fragment.get('access_token')!;
    expect(jwtPayload(token).is_anonymous).toBe(false);
    const { data: me } = await confirming.client().auth.getUser(token);
    expect(me.user).toMatchObject({
      id: data.user!.id,
      email,
      is_anonymous: false,
    });
  });

  it(
    'limits anonymous sign-ins per IP per hour',
    { timeout: 120_000 },
    async () => {
      const fresh = await startAuthBackend({
        env: {
          GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED: 'true',
          GOTRUE_RATE_LIMIT_ANONYMOUS_USERS: '2',
        },
      });
      try {
        const results = [];
        for (let i = 0; i < 3; i += 1) {
          const { error } = await fresh.client().auth.signInAnonymously();
          results.push(error?.status ?? 200);
        }
        expect(results).toEqual([200, 200, 429]);
        const res = await authFetch(fresh, '/signup', {
          method: 'POST',
          body: '{}',
        });
        expect(res.status).toBe(429);
        expect(await res.json()).toEqual({
          code: 'over_request_rate_limit',
          message: 'Request rate limit reached',
        });
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      } finally {
        await fresh.stop();
      }
    },
  );
});
