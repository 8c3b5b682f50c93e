import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../../support/backend.ts';
import {
  authFetch,
  PASSWORD,
  RFC3339_UTC,
  startAuthBackend,
  uniqueEmail,
} from './support.ts';

describe('GoTrue service endpoints and admin API', () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startAuthBackend();
  });
  afterAll(() => t?.stop());

  it('serves health, settings and an empty JWKS', async () => {
    const health = await authFetch(t, '/health');
    expect(await health.json()).toMatchObject({ name: 'GoTrue' });

    const settings = await (await authFetch(t, '/settings')).json();
    expect(settings).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      external: {
        email: true,
        phone: false,
        anonymous_users: false,
        google: false,
      },
    });

    const jwks = await authFetch(t, '/.well-known/jwks.json');
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600');
    expect(await jwks.json()).toEqual({ keys: [] });
  });

  it('answers unknown paths with 404 and wrong methods with 405, like chi', async () => {
    const missing = await authFetch(t, '/nowhere');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('404 page not found\n');
    const method = await authFetch(t, '/signup');
    expect(method.status).toBe(405);
    expect(await method.text()).toBe('');
  });

  it('creates, reads, lists, updates and deletes users for the service role', async () => {
    const admin = t.client(t.serviceRoleKey).auth.admin;
    const email = uniqueEmail('admin-made');
    const created = await admin.createUser({
      email,
      password: 'demo-password',
      email_confirm: true,
      user_metadata: { full_name: 'Demo' },
    });
    expect(created.error).toBeNull();
    const user = created.data.user!;
    expect(user).toMatchObject({
      email,
      role: 'authenticated',
      user_metadata: { full_name: 'Demo', email_verified: true },
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(user.email_confirmed_at).toMatch(RFC3339_UTC);

    const signIn = await t
      .client()
      .auth.signInWithPassword({ email, password: 'demo-password' });
    expect(signIn.error).toBeNull();

    expect((await admin.getUserById(user.id)).data.user!.id).toBe(user.id);
    const list = await admin.listUsers({ page: 1, perPage: 50 });
    expect(list.data.users.map((u) => u.id)).toContain(user.id);

    const updated = await admin.updateUserById(user.id, {
      user_metadata: { full_name: null, plan: 'pro' },
      app_metadata: { company: true },
    });
    expect(updated.data.user!.user_metadata).toMatchObject({ plan: 'pro' });
    expect(updated.data.user!.user_metadata).not.toHaveProperty('full_name');
    expect(updated.data.user!.app_metadata).toMatchObject({ company: true });

    const dup = await admin.createUser({ email, password: PASSWORD });
    expect(dup.error).toMatchObject({ status: 422, code: 'email_exists' });

    expect((await admin.deleteUser(user.id)).error).toBeNull();
    const gone = await admin.getUserById(user.id);
    expect(gone.error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('refuses admin routes to other tokens', async () => {
    const res = await authFetch(t, '/admin/users');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: 'not_admin',
      message: 'User not allowed',
    });
  });
});
