import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import {
  createUser,
  insertFeedback,
  PNG_BYTES,
  query,
} from '../integration/db/support.ts';
import {
  allowed,
  denied,
  forbidden,
  STORAGE,
  storageRefused,
} from './support.ts';

// Issue #25: an anonymous session (signInAnonymously, turned on here) has
// the `authenticated` role but is a visitor for Peega until it adds an
// address: no profile, points, feedback, votes, uploads or company.
const REFUSED = {
  code: '42501',
  message: /^Sign up with an e-mail address to do this\.$/,
};

const FEEDBACK = {
  title: 'Title',
  description: 'Description',
  company_name: 'Example',
  website_url: 'https://example.com',
};

describe('anonymous users (is_anonymous sessions)', () => {
  let t: TestBackend;
  let anon: SupabaseClient;
  let anonId: string;
  let feedbackId: string;
  beforeAll(async () => {
    t = await startTestBackend({
      env: { GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED: 'true' },
    });
    const author = await createUser(t, { email: 'author@anon.test' });
    feedbackId = (
      await insertFeedback(t, author.id, {
        websiteUrl: 'https://shop.example.com/cart',
      })
    ).id;
    anon = t.client();
    const { data, error } = await anon.auth.signInAnonymously({
      options: {
        data: {
          account_type: 'company',
          company_name: 'Sneaky Co',
          website_url: 'https://sneaky.example',
          company_terms_accepted: true,
        },
      },
    });
    expect(error).toBeNull();
    anonId = data.user!.id;
  }, 240_000);
  afterAll(() => t?.stop());

  it('gets no profile, stats or company from signing in', async () => {
    expect(
      await query(t, 'select 1 from public.profiles where id = $1', [anonId]),
    ).toEqual([]);
    expect(
      await query(t, 'select 1 from public.companies where user_id = $1', [
        anonId,
      ]),
    ).toEqual([]);
    allowed(await anon.from('profiles').select('*'), 0);
  });

  it('cannot create its own profile', async () => {
    denied(
      await anon.from('profiles').insert({ id: anonId, nickname: 'ghost' }),
      REFUSED,
    );
  });

  it('cannot submit feedback (and so earns no points)', async () => {
    denied(
      await anon.from('feedback').insert({ ...FEEDBACK, user_id: anonId }),
      REFUSED,
    );
    expect(
      await query(t, 'select 1 from public.feedback where user_id = $1', [
        anonId,
      ]),
    ).toEqual([]);
  });

  it('cannot vote', async () => {
    denied(
      await anon.from('feedback_votes').insert({
        feedback_id: feedbackId,
        user_id: anonId,
        vote_type: 'upvote',
      }),
      REFUSED,
    );
  });

  it('cannot register a company', async () => {
    forbidden(
      await anon.from('companies').insert({
        user_id: anonId,
        email: 'x@sneaky.example',
        company_name: 'Sneaky',
        domain: 'sneaky.example',
      }),
    );
    denied(
      await anon.rpc('register_company', {
        p_company_name: 'Sneaky Co',
        p_domains: ['sneaky.example'],
        p_accept_terms: true,
      }),
      REFUSED,
    );
  });

  it('cannot upload feedback media', async () => {
    const res = await anon.storage
      .from('screenshots')
      .upload(`${randomUUID()}/${randomUUID()}.png`, PNG_BYTES, {
        contentType: 'image/png',
      });
    storageRefused(res, STORAGE.rls);
  });

  it('still reads what any visitor reads', async () => {
    allowed(await anon.rpc('get_community_stats'));
  });

  it('gets its profile once it becomes permanent, and then may submit', async () => {
    const email = `upgraded-${Date.now()}@anon.test`;
    const { error } = await anon.auth.updateUser({
      email,
      password: 'a-long-unusual-passphrase',
    });
    expect(error).toBeNull();
    const [profile] = await query<{ email: string }>(
      t,
      'select email from public.profiles where id = $1',
      [anonId],
    );
    expect(profile).toEqual({ email });
    await anon.auth.refreshSession();
    allowed(
      await anon.from('feedback').insert({ ...FEEDBACK, user_id: anonId }),
    );
  });
});
