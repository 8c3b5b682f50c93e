import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requiredCharacterSets } from '../../../supabase/local/config.ts';
import type { TestBackend } from '../../support/backend.ts';
import {
  authFetch,
  PASSWORD,
  signUpUser,
  startAuthBackend,
  uniqueEmail,
} from './support.ts';

const SETS = 'abcdefghijklmnopqrstuvwxyz:ABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789';

describe('password policy (GOTRUE_PASSWORD_MIN_LENGTH, _REQUIRED_CHARACTERS)', () => {
  let t: TestBackend;
  let plain: TestBackend;
  beforeAll(async () => {
    t = await startAuthBackend({
      env: {
        GOTRUE_PASSWORD_MIN_LENGTH: '12',
        GOTRUE_PASSWORD_REQUIRED_CHARACTERS: SETS,
      },
    });
    plain = await startAuthBackend();
  });
  afterAll(async () => {
    await t?.stop();
    await plain?.stop();
  });

  it('decodes the character sets as GoTrue does', () => {
    expect(requiredCharacterSets(SETS)).toEqual([
      'abcdefghijklmnopqrstuvwxyz',
      'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
      '0123456789',
    ]);
    expect(requiredCharacterSets('ab\\:c:de::')).toEqual(['ab:c', 'de']);
  });

  it('answers weak_password with GoTrue reasons on signup', async () => {
    const { error } = await t
      .client()
      .auth.signUp({ email: uniqueEmail(), password: 'lowercase1' });
    expect(error).toMatchObject({ status: 422, code: 'weak_password' });
    expect(error!.message).toBe(
      'Password should be at least 12 characters. Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.',
    );
    expect((error as { reasons?: string[] }).reasons).toEqual([
      'length',
      'characters',
    ]);
    const ok = await t.client().auth.signUp({
      email: uniqueEmail(),
      password: 'Unusual-Passphrase-7',
    });
    expect(ok.error).toBeNull();
  });

  it('keeps the product minimum of 8 by default and on updateUser', async () => {
    const { error } = await plain
      .client()
      .auth.signUp({ email: uniqueEmail(), password: 'Ab1-xyz' });
    expect(error).toMatchObject({ code: 'weak_password' });
    expect((error as { reasons?: string[] }).reasons).toEqual(['length']);
    // The suite's usual password has no capital or digit: refused there.
    const strict = await t
      .client()
      .auth.signUp({ email: uniqueEmail(), password: PASSWORD });
    expect((strict.error as { reasons?: string[] }).reasons).toEqual([
      'characters',
    ]);
    const { session: s2 } = await signUpUser(plain);
    const client = plain.client();
    await client.auth.setSession(s2);
    const upd = await client.auth.updateUser({ password: 'short' });
    expect(upd.error).toMatchObject({ status: 422, code: 'weak_password' });
    expect((upd.error as { reasons?: string[] }).reasons).toEqual(['length']);
  });

  it('checks the password before the address on signup, as GoTrue', async () => {
    // validateSignupParams (password) runs before validateEmail.
    const weak = await authFetch(plain, '/signup', {
      method: 'POST',
      body: JSON.stringify({ email: 'not-an-address', password: 'x' }),
    });
    expect(weak.status).toBe(422);
    expect((await weak.json()).code).toBe('weak_password');
    const bad = await authFetch(plain, '/signup', {
      method: 'POST',
      body: JSON.stringify({ email: 'not-an-address', password: PASSWORD }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
    // updateUser validates the address first.
    const { session } = await signUpUser(plain);
    const res = await authFetch(plain, '/user', {
      method: 'PUT',
      token: session.access_token,
      body: JSON.stringify({ email: 'nope', password: 'x' }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('validation_failed');
  });

  it('validates page and per_page of the admin listing as GoTrue', async () => {
    const admin = createClient(plain.url, plain.serviceRoleKey, {
      auth: { persistSession: false },
    }).auth.admin;
    await signUpUser(plain);
    const listed = await admin.listUsers({ page: 1, perPage: 1 });
    expect(listed.error).toBeNull();
    expect(listed.data.users).toHaveLength(1);
    const bad = async (query: string) => {
      const res = await authFetch(plain, `/admin/users?${query}`, {
        token: plain.serviceRoleKey,
      });
      return { status: res.status, body: await res.json() };
    };
    expect(await bad('page=abc')).toEqual({
      status: 400,
      body: {
        code: 'validation_failed',
        message:
          'Bad Pagination Parameters: strconv.ParseUint: parsing "abc": invalid syntax',
      },
    });
    expect((await bad('per_page=-1')).body.message).toBe(
      'Bad Pagination Parameters: strconv.ParseUint: parsing "-1": invalid syntax',
    );
    expect((await bad('page=99999999999999999999')).body.message).toBe(
      'Bad Pagination Parameters: strconv.ParseUint: parsing "99999999999999999999": value out of range',
    );
    expect((await bad('per_page=0')).status).toBe(500);
    const page0 = await authFetch(plain, '/admin/users?page=0&per_page=1', {
      token: plain.serviceRoleKey,
    });
    expect(page0.status).toBe(200);
    expect((await page0.json()).users).toHaveLength(1);
  });
});
