import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companySignUpMetadata,
  getMyCompany,
  registerCompany,
} from '../../../shared/data/companies.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import { createUser, query, uniqueEmail } from './support.ts';

// Issue #20: a company sign-up is one database transaction (the trigger on
// auth.users creates the company from the sign-up's metadata), and a
// signed-in account becomes a company through one function. A failing part
// leaves nothing behind.
const PASSWORD = 'a-long-unusual-passphrase';
const details = {
  companyName: 'Atomic Co',
  websiteUrl: 'https://atomic.example',
  domains: ['Atomic.example', 'www.shop.atomic.example'],
};

/** Every row the sign-up of `email` may have written. */
async function leftovers(t: TestBackend, email: string) {
  return query<{ kind: string }>(
    t,
    `select 'user' as kind from auth.users where email = $1
     union all select 'profile' from public.profiles where email = $1
     union all select 'company' from public.companies where email = $1`,
    [email],
  );
}

function signUp(t: TestBackend, email: string, data: object) {
  return t.client().auth.signUp({
    email,
    password: PASSWORD,
    options: { data },
  });
}

describe('company sign-up (auto-confirmed)', () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startTestBackend();
  });
  afterAll(() => t?.stop());

  it('creates the account, its company, domains, terms and free plan in one step', async () => {
    const email = uniqueEmail('atomic');
    const { data, error } = await signUp(
      t,
      email,
      companySignUpMetadata(details),
    );
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    const [row] = await query<{
      company_name: string;
      domains: string[];
      terms: boolean;
      plan: string;
    }>(
      t,
      `select c.company_name, c.domains,
              c.terms_accepted_at > now() - interval '1 minute' as terms,
              s.subscription_type as plan
         from public.companies c join public.company_subscriptions s on s.company_id = c.id
        where c.user_id = $1`,
      [data.user!.id],
    );
    expect(row).toEqual({
      company_name: 'Atomic Co',
      domains: ['atomic.example', 'shop.atomic.example'],
      terms: true,
      plan: 'free',
    });
    // What the browser reads after it: its company, no second call.
    const client = t.client();
    await client.auth.setSession(data.session!);
    expect(await getMyCompany(client as never, data.user!.id)).toMatchObject({
      company_name: 'Atomic Co',
      website_url: 'https://atomic.example',
    });
  });

  it.each([
    ['an invalid domain', { domains: ['not a domain!'] }],
    [
      'more than 20 domains',
      { domains: [...Array(21).keys()].map((i) => `d${i}.example`) },
    ],
    ['a blank company name', { company_name: '   ' }],
    ['no company name', { company_name: null }],
    ['the terms not accepted', { company_terms_accepted: false }],
    ['domains that are not a list', { domains: 'atomic.example' }],
    ['an invalid website', { website_url: 'javascript:alert(1)' }],
  ])(
    'with %s fails as a whole: no user, profile or company',
    async (_, patch) => {
      const email = uniqueEmail('half');
      const { data, error } = await signUp(t, email, {
        ...companySignUpMetadata(details),
        ...patch,
      });
      // GoTrue's answer when a trigger on auth.users refuses the row (a 500,
      // which supabase-js hands over as a retryable error without a code).
      expect(error).toMatchObject({
        status: 500,
        message: 'Database error saving new user',
      });
      expect(data.user).toBeNull();
      expect(await leftovers(t, email)).toEqual([]);
    },
  );

  it('a consumer sign-up gets no company', async () => {
    const email = uniqueEmail('consumer');
    const { error } = await signUp(t, email, { full_name: 'Just A Consumer' });
    expect(error).toBeNull();
    expect((await leftovers(t, email)).map((r) => r.kind)).toEqual([
      'user',
      'profile',
    ]);
  });
});

describe('company sign-up with e-mail confirmation', () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startTestBackend({ env: { PEEGA_AUTH_AUTOCONFIRM: 'false' } });
  });
  afterAll(() => t?.stop());

  it('the company exists before the e-mail is confirmed, and is there at the first sign-in', async () => {
    const email = uniqueEmail('confirm');
    const { data, error } = await signUp(
      t,
      email,
      companySignUpMetadata(details),
    );
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect((await leftovers(t, email)).map((r) => r.kind).sort()).toEqual([
      'company',
      'profile',
      'user',
    ]);
    await query(
      t,
      'update auth.users set email_confirmed_at = now() where email = $1',
      [email],
    );
    const client = t.client();
    const signIn = await client.auth.signInWithPassword({
      email,
      password: PASSWORD,
    });
    expect(signIn.error).toBeNull();
    expect(
      await getMyCompany(client as never, signIn.data.user!.id),
    ).toMatchObject({ company_name: 'Atomic Co' });
  });
});

describe('register_company (a signed-in account becomes a company)', () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startTestBackend();
  });
  afterAll(() => t?.stop());

  it('creates the caller’s company once, with the terms, at server time', async () => {
    const consumer = await createUser(t);
    const company = await registerCompany(consumer.client as never, {
      ...details,
      termsAccepted: true,
    });
    expect(company).toMatchObject({
      user_id: consumer.id,
      email: consumer.email,
      company_name: 'Atomic Co',
      domains: ['atomic.example', 'shop.atomic.example'],
    });
    expect(Date.now() - Date.parse(company.terms_accepted_at)).toBeLessThan(
      60_000,
    );
    const again = await consumer.client.rpc('register_company', {
      p_company_name: 'Second Co',
      p_accept_terms: true,
    });
    expect(again.error).toMatchObject({ code: '23505' });
    expect(again.status).toBe(409);
  });

  it.each([
    [
      'without the terms',
      { p_company_name: 'Real Co', p_accept_terms: false },
      '23514',
      /accept the company Terms/,
    ],
    [
      'with a blank name',
      { p_company_name: ' ', p_accept_terms: true },
      '23514',
      /company name/,
    ],
    [
      'with an invalid domain',
      {
        p_company_name: 'Real Co',
        p_domains: ['not a domain!'],
        p_accept_terms: true,
      },
      '23514',
      /valid domain/,
    ],
    [
      'with 21 domains',
      {
        p_company_name: 'Real Co',
        p_domains: [...Array(21).keys()].map((i) => `d${i}.example`),
        p_accept_terms: true,
      },
      '23514',
      /at most 20/,
    ],
  ])(
    'refuses a company %s, creating nothing',
    async (_, args, code, message) => {
      const consumer = await createUser(t);
      const { error, status } = await consumer.client.rpc(
        'register_company',
        args,
      );
      expect(error).toMatchObject({ code });
      expect(error!.message).toMatch(message);
      expect(status).toBe(400);
      expect(
        await query(t, 'select 1 from public.companies where user_id = $1', [
          consumer.id,
        ]),
      ).toEqual([]);
    },
  );

  it('anonymous callers cannot call it; nobody inserts a company directly', async () => {
    const anon = await t.client().rpc('register_company', {
      p_company_name: 'Anon Co',
      p_accept_terms: true,
    });
    expect(anon.error).toMatchObject({ code: '42501' });
    expect(anon.status).toBe(401);

    const consumer = await createUser(t);
    const other = await createUser(t);
    for (const userId of [consumer.id, other.id]) {
      const direct = await consumer.client.from('companies').insert({
        user_id: userId,
        email: consumer.email,
        company_name: 'Direct Co',
      });
      expect(direct.error).toMatchObject({ code: '42501' });
      expect(direct.status).toBe(403);
    }
    expect(
      await query(
        t,
        'select 1 from public.companies where user_id = any($1::uuid[])',
        [[consumer.id, other.id]],
      ),
    ).toEqual([]);
  });
});
