import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  inOneRateWindow,
  type TestUser,
} from '../integration/db/support.ts';

// M3: get_similar_feedback handed any account the titles and excerpts of a
// site's feedback, ranked against any keyword; 12 keyword queries harvested
// half of example.com, also for a company that had only added the domain.
let t: TestBackend;
let author: TestUser;
let consumer: TestUser;
const site = 'https://example.com';
const secret = 'Zanzibar-7731';
const titles = [
  'Checkout button broken on mobile',
  'Search results ignore filters',
  'Dark mode makes invoices unreadable',
  'Newsletter popup appears twice',
];
// Successful calls so far: refused ones roll back and count for nothing.
let calls = 0;

interface Similar {
  title: string;
  excerpt: string | null;
  is_own: boolean;
}

async function similar(client: SupabaseClient, text: string, limit = 20) {
  const res = await client.rpc('get_similar_feedback', {
    p_website_url: site,
    p_text: text,
    p_limit: limit,
  });
  if (res.error === null) calls += 1;
  return { error: res.error, data: res.data as Similar[] | null };
}

beforeAll(async () => {
  t = await startTestBackend();
  author = await createUser(t);
  consumer = await createUser(t);
  for (const title of titles) {
    await insertFeedback(t, author.id, {
      websiteUrl: `${site}/shop`,
      title,
      description: `Account ${secret}: card 4111 was charged twice, see order 88231.`,
    });
  }
});
afterAll(() => t?.stop());

// What an attacker types: words of the titles and of the hidden texts.
const keywords = [
  'checkout',
  'button',
  'search',
  'filters',
  'dark mode',
  'invoices',
  'newsletter',
  'popup',
  'account',
  'charged twice',
  secret,
  'order',
];

describe('get_similar_feedback reveals nothing a caller could not read', () => {
  it('a company that only added the domain harvests nothing', async () => {
    const company = await createCompany(t, {
      domain: 'example.com',
      verified: false,
    });
    for (const text of [...keywords, ...titles]) {
      const res = await similar(company.client, text);
      expect(res.error).toBeNull();
      expect(res.data).toEqual([]);
    }
  });

  it('a consumer gets no text and no titles from keyword queries', async () => {
    const seen = [];
    for (const text of keywords) {
      const res = await similar(consumer.client, text);
      expect(res.error).toBeNull();
      seen.push(...(res.data ?? []));
    }
    expect(seen).toEqual([]);
  });

  it('the duplicate check still works: a typed title finds it, without its text', async () => {
    const res = await similar(
      consumer.client,
      'the checkout button is broken on mobile again',
    );
    expect(res.error).toBeNull();
    expect(res.data?.map((r) => [r.title, r.excerpt, r.is_own])).toEqual([
      ['Checkout button broken on mobile', null, false],
    ]);
    expect(JSON.stringify(res.data)).not.toContain(secret);
    // The author still reads their own excerpt.
    const own = await similar(author.client, 'Checkout button broken');
    expect(own.data?.[0]?.excerpt).toContain(secret);
  });

  it('is limited per account (60 per 10 minutes) with 429 and Retry-After', async () => {
    const spammer = await createUser(t);
    for (let i = 0; i < 60; i++) {
      expect((await similar(spammer.client, `query ${i}`)).error).toBeNull();
    }
    const jwt = await t.ctx.jwt.sign(
      {
        sub: spammer.id,
        role: 'authenticated',
        aud: 'authenticated',
        email: spammer.email,
      },
      3600,
    );
    const res = await fetch(`${t.url}/rest/v1/rpc/get_similar_feedback`, {
      method: 'POST',
      headers: {
        apikey: t.anonKey,
        authorization: `Bearer ${jwt}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ p_website_url: site, p_text: 'one more' }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Too many similar-feedback lookups. Please wait a few minutes.',
    );
  });

  it('is limited per address (180 per 10 minutes) across accounts', async () => {
    // Every call comes from 127.0.0.1; fresh accounts stay under their own
    // limit until the address's is used up.
    const refused = await inOneRateWindow(t, async () => {
      calls = 0;
      let error: { message: string; code?: string } | null = null;
      while (error === null && calls <= 180) {
        const account = await createUser(t);
        for (let i = 0; i < 50 && error === null; i++) {
          error = (await similar(account.client, `spread ${i}`)).error;
        }
      }
      return error;
    });
    expect(calls).toBe(180);
    expect(refused?.message).toBe(
      'Too many similar-feedback lookups. Please wait a few minutes.',
    );
  }, 180_000);
});
