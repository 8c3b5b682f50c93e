import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../../support/backend.ts';
import {
  authFetch,
  jwtPayload,
  signUpUser,
  startAuthBackend,
  testClock,
} from './support.ts';

describe('refresh-token rotation', () => {
  let t: TestBackend;
  const clock = testClock();
  beforeAll(async () => {
    t = await startAuthBackend({ now: clock.now });
  });
  afterAll(() => t?.stop());

  const refresh = (refresh_token: string) =>
    t.client().auth.refreshSession({ refresh_token });

  it('rotates: a new refresh token, same session, unchanged amr', async () => {
    const { session, user } = await signUpUser(t);
    clock.advance(5);
    const { data, error } = await refresh(session.refresh_token);
    expect(error).toBeNull();
    const next = data.session!;
    expect(next.refresh_token).toMatch(/^[a-z2-7]{12}$/);
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect(next.user.id).toBe(user.id);
    expect(next.expires_in).toBe(3600);
    const before = jwtPayload(session.access_token);
    const after = jwtPayload(next.access_token);
    expect(after.session_id).toBe(before.session_id);
    expect(after.amr).toEqual(before.amr);
    // Five seconds moved on the backend's clock, plus the real time the calls took.
    expect(after.iat).toBeGreaterThanOrEqual((before.iat as number) + 5);
    expect(after.iat).toBeLessThanOrEqual((before.iat as number) + 7);
  });

  it('gives the active token again for its parent, at any time', async () => {
    const { session } = await signUpUser(t);
    const child = (await refresh(session.refresh_token)).data.session!;
    const again = await refresh(session.refresh_token);
    expect(again.error).toBeNull();
    expect(again.data.session!.refresh_token).toBe(child.refresh_token);
    clock.advance(60);
    const later = await refresh(session.refresh_token);
    expect(later.data.session!.refresh_token).toBe(child.refresh_token);
  });

  it('tolerates an older token inside the 10 s reuse window', async () => {
    const { session } = await signUpUser(t);
    const b = (await refresh(session.refresh_token)).data.session!;
    const c = (await refresh(b.refresh_token)).data.session!;
    clock.advance(9);
    const reused = await refresh(session.refresh_token);
    expect(reused.error).toBeNull();
    const d = reused.data.session!;
    expect([
      session.refresh_token,
      b.refresh_token,
      c.refresh_token,
    ]).not.toContain(d.refresh_token);
    expect(jwtPayload(d.access_token).session_id).toBe(
      jwtPayload(session.access_token).session_id,
    );
  });

  it('ends the whole session when an old token comes back after the window', async () => {
    const { session } = await signUpUser(t);
    const b = (await refresh(session.refresh_token)).data.session!;
    const c = (await refresh(b.refresh_token)).data.session!;
    clock.advance(11);
    const reused = await refresh(session.refresh_token);
    expect(reused.data.session).toBeNull();
    expect(reused.error).toMatchObject({
      name: 'AuthApiError',
      status: 400,
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    const active = await refresh(c.refresh_token);
    expect(active.error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
    });
    const user = await authFetch(t, '/user', { token: c.access_token });
    expect(user.status).toBe(403);
    expect((await user.json()).code).toBe('session_not_found');
  });

  it('answers unknown and missing tokens as GoTrue does', async () => {
    const unknown = await refresh('aaaaaaaaaaaa');
    expect(unknown.error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
    const missing = await authFetch(t, '/token?grant_type=refresh_token', {
      method: 'POST',
      body: '{}',
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: 'invalid_request',
      error_description: 'refresh_token required',
    });
  });

  it('records the session and its rotation in the auth tables', async () => {
    const { session, user } = await signUpUser(t);
    const next = (await refresh(session.refresh_token)).data.session!;
    const sid = jwtPayload(session.access_token).session_id;
    const { rows } = await t.ctx.db.query<{
      token: string;
      parent: string | null;
      revoked: boolean;
    }>(
      `select token, parent, revoked from auth.refresh_tokens
        where session_id = $1 order by id`,
      [sid],
    );
    expect(rows).toEqual([
      { token: session.refresh_token, parent: null, revoked: true },
      {
        token: next.refresh_token,
        parent: session.refresh_token,
        revoked: false,
      },
    ]);
    const sessions = await t.ctx.db.query(
      'select user_id, aal, refreshed_at from auth.sessions where id = $1',
      [sid],
    );
    expect(sessions.rows[0]).toMatchObject({ user_id: user.id, aal: 'aal1' });
    expect(sessions.rows[0]!.refreshed_at).not.toBeNull();
  });
});
