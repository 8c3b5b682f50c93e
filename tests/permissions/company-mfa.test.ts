import type { SupabaseClient } from '@supabase/supabase-js';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  serviceClient,
} from '../integration/db/support.ts';

// Issue #25: once a company member has a verified TOTP factor, an aal1 session
// of theirs is no company member: policies and company functions read
// membership through private.session_meets_mfa() (20261127010000).
let t: TestBackend;
const PASSWORD = 'a-long-unusual-passphrase';
let owner: { id: string; email: string; companyId: string };
let member: { id: string; email: string };
let secret: string;
let factorId: string;

const code = () =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

/** A real GoTrue session (password sign-in), as the web app has one. */
async function signIn(email: string): Promise<SupabaseClient> {
  const client = t.client();
  const { error } = await client.auth.signInWithPassword({
    email,
    password: PASSWORD,
  });
  expect(error).toBeNull();
  return client;
}

async function setPassword(id: string) {
  const { error } = await serviceClient(t).auth.admin.updateUserById(id, {
    password: PASSWORD,
  });
  expect(error).toBeNull();
}

beforeAll(async () => {
  t = await startTestBackend();
  owner = await createCompany(t, {
    domain: 'example.com',
    email: 'mfa-owner@perm.test',
  });
  const m = await createCompany(t, {
    domain: 'example.net',
    email: 'mfa-member@perm.test',
  });
  // A second member of the owner's company, without a factor.
  await t.ctx.db.query('delete from public.companies where id = $1', [
    m.companyId,
  ]);
  await t.ctx.db.query(
    `insert into public.company_members (company_id, user_id, role)
     values ($1, $2, 'member')`,
    [owner.companyId, m.id],
  );
  member = m;
  await setPassword(owner.id);
  await setPassword(member.id);
  const consumer = await createUser(t);
  await insertFeedback(t, consumer.id, {
    websiteUrl: 'https://shop.example.com/cart',
    title: 'On example.com',
  });

  const client = await signIn(owner.email);
  const { data, error } = await client.auth.mfa.enroll({
    factorType: 'totp',
  });
  expect(error).toBeNull();
  secret = data!.totp!.secret;
  factorId = data!.id;
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId,
    code: code(),
  });
  expect(verified.error).toBeNull();
});
afterAll(() => t?.stop());

describe('company data needs aal2 once a factor is verified', () => {
  it('an aal1 session of the owner reads no company row and no feedback', async () => {
    const aal1 = await signIn(owner.email);
    const company = await aal1.from('companies').select('id');
    expect(company.error).toBeNull();
    expect(company.data).toEqual([]);
    const members = await aal1.from('company_members').select('user_id');
    expect(members.data).toEqual([]);
    const feedback = await aal1.rpc('get_company_feedback');
    expect(feedback.data).toBeNull();
    expect(feedback.error).toMatchObject({
      code: '42501',
      message: 'Enter the code from your authenticator app to continue.',
    });
    const update = await aal1
      .from('companies')
      .update({ company_name: 'Taken over' })
      .eq('id', owner.companyId)
      .select();
    expect(update.data).toEqual([]);
  });

  it('the same account at aal2 reads its company and its feedback', async () => {
    const client = await signIn(owner.email);
    const { error } = await client.auth.mfa.challengeAndVerify({
      factorId,
      code: code(),
    });
    expect(error).toBeNull();
    const company = await client.from('companies').select('id');
    expect(company.data).toEqual([{ id: owner.companyId }]);
    const feedback = await client.rpc('get_company_feedback');
    expect(feedback.error).toBeNull();
    expect(JSON.stringify(feedback.data)).toContain('On example.com');
  });

  it('a member without a factor keeps reading at aal1', async () => {
    const client = await signIn(member.email);
    const company = await client.from('companies').select('id');
    expect(company.data).toEqual([{ id: owner.companyId }]);
    expect((await client.rpc('get_company_feedback')).error).toBeNull();
  });

  it('a forged aal2 claim is no way around it: the JWT is signed', async () => {
    const aal1 = await signIn(owner.email);
    const token = (await aal1.auth.getSession()).data.session!.access_token;
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    payload.aal = 'aal2';
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
    const client = t.client(undefined, { Authorization: `Bearer ${forged}` });
    const company = await client.from('companies').select('id');
    expect(company.data).toBeNull();
    expect(company.error).not.toBeNull();
  });
});
