import { isAuthApiError, isAuthWeakPasswordError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../../support/backend.ts';
import {
  authFetch,
  jwtPayload,
  mailsTo,
  PASSWORD,
  RFC3339_UTC,
  startAuthBackend,
  uniqueEmail,
} from './support.ts';

describe('POST /signup with autoconfirm (the local default)', () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startAuthBackend();
  });
  afterAll(() => t?.stop());

  it('answers a session with the user, its identity and GoTrue timestamps', async () => {
    const email = uniqueEmail('Mixed.Case');
    const { data, error } = await t.client().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { full_name: 'Ada Lovelace' } },
    });
    expect(error).toBeNull();
    const { session, user } = data;
    expect(session).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^[a-z2-7]{12}$/),
    });
    expect(session!.expires_at).toBe(
      jwtPayload(session!.access_token).exp as number,
    );
    expect(user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email: email.toLowerCase(),
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {
        full_name: 'Ada Lovelace',
        email: email.toLowerCase(),
        email_verified: true,
        phone_verified: false,
        sub: user!.id,
      },
      is_anonymous: false,
    });
    for (const key of [
      'email_confirmed_at',
      'confirmed_at',
      'last_sign_in_at',
      'created_at',
      'updated_at',
    ] as const) {
      expect(user![key]).toMatch(RFC3339_UTC);
    }
    expect(user).not.toHaveProperty('confirmation_sent_at');
    expect(user!.identities).toHaveLength(1);
    expect(user!.identities![0]).toMatchObject({
      identity_id: expect.any(String),
      id: user!.id,
      user_id: user!.id,
      provider: 'email',
      email: email.toLowerCase(),
      identity_data: { sub: user!.id, email: email.toLowerCase() },
    });
    expect(await mailsTo(t, email.toLowerCase())).toEqual([]);
  });

  it('signs access tokens with the claims of hosted Supabase', async () => {
    const { data } = await t
      .client()
      .auth.signUp({ email: uniqueEmail(), password: PASSWORD });
    const claims = jwtPayload(data.session!.access_token);
    expect(claims).toMatchObject({
      iss: `${t.url}/auth/v1`,
      sub: data.user!.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: data.user!.email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      session_id: expect.any(String),
      is_anonymous: false,
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    const header = JSON.parse(
      Buffer.from(
        data.session!.access_token.split('.')[0]!,
        'base64url',
      ).toString(),
    );
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
  });

  it('refuses a second sign-up of the address with 422 user_already_exists', async () => {
    const email = uniqueEmail();
    await t.client().auth.signUp({ email, password: PASSWORD });
    const { data, error } = await t
      .client()
      .auth.signUp({ email: email.toUpperCase(), password: PASSWORD });
    expect(data.user).toBeNull();
    expect(isAuthApiError(error)).toBe(true);
    expect(error).toMatchObject({
      status: 422,
      code: 'user_already_exists',
      message: 'User already registered',
    });
  });

  it.each([
    ['short', 'abc12', ['length'], 'Password should be at least 8 characters.'],
    [
      'common',
      'password1',
      ['pwned'],
      'Password is known to be weak and easy to guess, please choose a different one.',
    ],
  ])(
    'refuses a %s password with 422 weak_password',
    async (_, password, reasons, message) => {
      const { error } = await t
        .client()
        .auth.signUp({ email: uniqueEmail(), password });
      expect(isAuthWeakPasswordError(error)).toBe(true);
      expect(error).toMatchObject({
        status: 422,
        code: 'weak_password',
        message,
      });
      expect((error as unknown as { reasons: string[] }).reasons).toEqual(
        reasons,
      );
    },
  );

  it('sends the weak_password body of GoTrue', async () => {
    const res = await authFetch(t, '/signup', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail(), password: 'qwertyuiop' }),
    });
    expect(res.status).toBe(422);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await res.json()).toEqual({
      code: 'weak_password',
      message:
        'Password is known to be weak and easy to guess, please choose a different one.',
      weak_password: { reasons: ['pwned'] },
    });
  });

  it('validates the address and the password as GoTrue does', async () => {
    const bad = await t
      .client()
      .auth.signUp({ email: 'not-an-address', password: PASSWORD });
    expect(bad.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
    const empty = await authFetch(t, '/signup', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail(), password: '' }),
    });
    expect(await empty.json()).toEqual({
      code: 'validation_failed',
      message: 'Signup requires a valid password',
    });
    const long = await authFetch(t, '/signup', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail(), password: 'x'.repeat(73) }),
    });
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({
      code: 'validation_failed',
      message: 'Password cannot be longer than 72 characters',
    });
  });

  it('refuses anonymous sign-ins, which are off', async () => {
    const { error } = await t.client().auth.signInAnonymously();
    expect(error).toMatchObject({
      status: 422,
      code: 'anonymous_provider_disabled',
      message: 'Anonymous sign-ins are disabled',
    });
  });

  it('answers bad JSON with 400 bad_json, never a 500', async () => {
    const cases: [string, string][] = [
      ['{"email":', 'unexpected end of JSON input'],
      ['<xml/>', "invalid character '<' looking for beginning of value"],
      [
        '[1,2]',
        'json: cannot unmarshal array into Go value of type api.SignupParams',
      ],
      [
        '{"email":42,"password":"x"}',
        'json: cannot unmarshal number into Go struct field SignupParams.email of type string',
      ],
    ];
    for (const [body, detail] of cases) {
      const res = await authFetch(t, '/signup', { method: 'POST', body });
      expect(res.status).toBe(400);
      expect(res.headers.get('x-sb-error-code')).toBe('bad_json');
      expect(await res.json()).toEqual({
        code: 'bad_json',
        message: `Could not parse request body as JSON: ${detail}`,
      });
    }
  });

  it('uses the legacy error shape when no API version is sent', async () => {
    const res = await authFetch(t, '/signup', {
      method: 'POST',
      version: null,
      body: JSON.stringify({ email: 'x', password: PASSWORD }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-supabase-api-version')).toBeNull();
    expect(res.headers.get('x-sb-error-code')).toBe('validation_failed');
    expect(await res.json()).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'Unable to validate email address: invalid format',
    });
  });

  it('runs app triggers on auth.users with the sign-up data', async () => {
    await t.ctx.db.exec(`
      create table if not exists public.profiles (id uuid primary key, full_name text);
      create or replace function public.handle_new_user() returns trigger
      language plpgsql security definer set search_path = '' as $$
      begin
        insert into public.profiles (id, full_name)
        values (new.id, new.raw_user_meta_data ->> 'full_name');
        return new;
      end $$;
      drop trigger if exists on_auth_user_created on auth.users;
      create trigger on_auth_user_created after insert on auth.users
        for each row execute function public.handle_new_user();
    `);
    const { data } = await t.client().auth.signUp({
      email: uniqueEmail(),
      password: PASSWORD,
      options: { data: { full_name: 'Grace Hopper' } },
    });
    const { rows } = await t.ctx.db.query(
      'select full_name from public.profiles where id = $1',
      [data.user!.id],
    );
    expect(rows).toEqual([{ full_name: 'Grace Hopper' }]);
  });

  it('answers a failing auth.users trigger with GoTrue’s 500', async () => {
    await t.ctx.db.exec(`
      create or replace function public.refuse_boom() returns trigger
      language plpgsql as $$
      begin
        if new.email like 'boom%' then raise exception 'no booms'; end if;
        return new;
      end $$;
      drop trigger if exists refuse_boom on auth.users;
      create trigger refuse_boom after insert on auth.users
        for each row execute function public.refuse_boom();
    `);
    const res = await authFetch(t, '/signup', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('boom'), password: PASSWORD }),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      code: 'unexpected_failure',
      message: 'Database error saving new user',
    });
  });
});
