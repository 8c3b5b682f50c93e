import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../../support/backend.ts';
import { authFetch, signUpUser, startAuthBackend } from './support.ts';

describe('identities: getUserIdentities, unlinkIdentity, linkIdentity', () => {
  let t: TestBackend;
  let linking: TestBackend;
  beforeAll(async () => {
    t = await startAuthBackend();
    linking = await startAuthBackend({
      env: { GOTRUE_SECURITY_MANUAL_LINKING_ENABLED: 'true' },
    });
  });
  afterAll(async () => {
    await t?.stop();
    await linking?.stop();
  });

  it('lists the e-mail identity', async () => {
    const { session, user } = await signUpUser(t);
    const client = t.client();
    await client.auth.setSession(session);
    const { data, error } = await client.auth.getUserIdentities();
    expect(error).toBeNull();
    expect(data!.identities).toHaveLength(1);
    expect(data!.identities[0]).toMatchObject({
      provider: 'email',
      user_id: user.id,
      id: user.id,
    });
  });

  it('answers manual_linking_disabled by default (hosted default)', async () => {
    const { session } = await signUpUser(t);
    const client = t.client();
    await client.auth.setSession(session);
    const { data } = await client.auth.getUserIdentities();
    const { error } = await client.auth.unlinkIdentity(data!.identities[0]!);
    expect(error).toMatchObject({
      status: 404,
      code: 'manual_linking_disabled',
      message: 'Manual linking is disabled',
    });
    const link = await authFetch(
      t,
      '/user/identities/authorize?provider=github&skip_http_redirect=true',
      { token: session.access_token },
    );
    expect(link.status).toBe(404);
    expect((await link.json()).code).toBe('manual_linking_disabled');
    const anon = await authFetch(t, `/user/identities/${session.user.id}`, {
      method: 'DELETE',
    });
    expect(anon.status).toBe(403);
  });

  it('with manual linking on: single identity, unknown identity, no provider', async () => {
    const { session } = await signUpUser(linking);
    const client = linking.client();
    await client.auth.setSession(session);
    const { data } = await client.auth.getUserIdentities();
    const only = await client.auth.unlinkIdentity(data!.identities[0]!);
    expect(only.error).toMatchObject({
      status: 422,
      code: 'single_identity_not_deletable',
      message: 'User must have at least 1 identity after unlinking',
    });
    const bad = await authFetch(linking, '/user/identities/not-a-uuid', {
      method: 'DELETE',
      token: session.access_token,
    });
    expect(bad.status).toBe(404);
    expect(await bad.json()).toEqual({
      code: 'validation_failed',
      message: 'identity_id must be an UUID',
    });
    // A second identity row makes the lookup reachable.
    await linking.ctx.db.query(
      `insert into auth.identities (id, provider_id, user_id, identity_data,
         provider, created_at, updated_at)
       values (gen_random_uuid(), 'gh-1', $1, '{"sub":"gh-1"}', 'github', now(), now())`,
      [session.user.id],
    );
    const missing = await authFetch(
      linking,
      '/user/identities/00000000-0000-4000-8000-000000000001',
      { method: 'DELETE', token: session.access_token },
    );
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({
      code: 'identity_not_found',
      message: "Identity doesn't exist",
    });
    const { data: two } = await client.auth.getUserIdentities();
    const github = two!.identities.find((i) => i.provider === 'github')!;
    const ok = await client.auth.unlinkIdentity(github);
    expect(ok.error).toBeNull();
    const { data: after } = await client.auth.getUserIdentities();
    expect(after!.identities.map((i) => i.provider)).toEqual(['email']);
    const { data: user } = await client.auth.getUser();
    expect(user.user!.app_metadata.providers).toEqual(['email']);
    const link = await authFetch(
      linking,
      '/user/identities/authorize?provider=github&skip_http_redirect=true',
      { token: session.access_token },
    );
    expect(link.status).toBe(400);
    expect(await link.json()).toEqual({
      code: 'validation_failed',
      message: 'Unsupported provider: provider is not enabled',
    });
  });
});
