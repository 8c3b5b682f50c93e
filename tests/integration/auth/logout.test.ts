import type { Session } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../../support/backend.ts';
import {
  authFetch,
  PASSWORD,
  signUpUser,
  startAuthBackend,
} from './support.ts';

describe('POST /logout scopes', () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startAuthBackend();
  });
  afterAll(() => t?.stop());

  /** Three sessions of one user, as from three devices. */
  async function threeSessions(): Promise<Session[]> {
    const { email, session } = await signUpUser(t);
    const more = await Promise.all(
      [1, 2].map(() =>
        t.client().auth.signInWithPassword({ email, password: PASSWORD }),
      ),
    );
    return [session, ...more.map((r) => r.data.session!)];
  }

  const alive = async (s: Session) =>
    (await authFetch(t, '/user', { token: s.access_token })).status === 200;
  const refreshable = async (s: Session) =>
    !(await t.client().auth.refreshSession({ refresh_token: s.refresh_token }))
      .error;

  async function signOutWith(s: Session, scope: 'global' | 'local' | 'others') {
    const client = t.client();
    await client.auth.setSession(s);
    return client.auth.signOut({ scope });
  }

  it('global ends every session of the user', async () => {
    const [a, b, c] = await threeSessions();
    expect((await signOutWith(a!, 'global')).error).toBeNull();
    for (const s of [a!, b!, c!]) {
      expect(await alive(s)).toBe(false);
      expect(await refreshable(s)).toBe(false);
    }
  });

  it('local ends only the caller’s session', async () => {
    const [a, b, c] = await threeSessions();
    expect((await signOutWith(a!, 'local')).error).toBeNull();
    expect(await alive(a!)).toBe(false);
    expect(await alive(b!)).toBe(true);
    expect(await refreshable(c!)).toBe(true);
  });

  it('others keeps only the caller’s session', async () => {
    const [a, b, c] = await threeSessions();
    expect((await signOutWith(a!, 'others')).error).toBeNull();
    expect(await alive(a!)).toBe(true);
    expect(await refreshable(a!)).toBe(true);
    expect(await alive(b!)).toBe(false);
    expect(await alive(c!)).toBe(false);
  });

  it('answers 204 with no body, and GoTrue’s errors otherwise', async () => {
    const { session } = await signUpUser(t);
    const bad = await authFetch(t, '/logout?scope=everything', {
      method: 'POST',
      token: session.access_token,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      code: 'validation_failed',
      message: 'Unsupported logout scope "everything"',
    });
    const ok = await authFetch(t, '/logout', {
      method: 'POST',
      token: session.access_token,
    });
    expect(ok.status).toBe(204);
    expect(await ok.text()).toBe('');
    const again = await authFetch(t, '/logout', {
      method: 'POST',
      token: session.access_token,
    });
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({
      code: 'session_not_found',
      message: 'Session from session_id claim in JWT does not exist',
    });
    const none = await authFetch(t, '/logout', { method: 'POST', token: '' });
    expect(none.status).toBe(401);
  });
});
