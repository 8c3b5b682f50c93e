import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  type TestCompany,
  type TestUser,
} from '../integration/db/support.ts';
import { sleep } from './support.ts';

// L12: RPCs any caller can run with hostile inputs are clamped or refused
// with a 4xx before they do the work, and the expensive company search is
// rate-limited per account and per address.
let t: TestBackend;
let consumer: TestUser;
let company: TestCompany;
const huge = 'a.'.repeat(400_000) + 'com';

beforeAll(async () => {
  t = await startTestBackend();
  consumer = await createUser(t);
  company = await createCompany(t, { domain: 'bounds.example.net' });
  await insertFeedback(t, consumer.id, {
    websiteUrl: 'https://bounds.example.net/',
    title: 'Slow checkout',
  });
});
afterAll(() => t?.stop());

/** Waits until at least `seconds` remain in the current fixed window. */
async function roomInWindow(windowSeconds: number, seconds: number) {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < seconds) await sleep(left * 1000 + 500);
}

describe('hostile inputs are refused or clamped', () => {
  it('leaderboard: a huge page size is refused, a huge page number is empty', async () => {
    const big = await consumer.client.rpc('get_leaderboard', {
      page_num: 1,
      page_size: 10_000,
    });
    expect(big.status).toBe(400);
    expect(big.error?.message).toBe('Page size must be between 1 and 100.');
    const far = await consumer.client.rpc('get_leaderboard', {
      page_num: 2_147_483_647,
      page_size: 100,
    });
    expect(far.error).toBeNull();
    expect(far.data).toEqual([]);
  });

  it('company list: page size, search and domain arguments are bounded', async () => {
    const size = await company.client.rpc('get_company_feedback', {
      p_page_size: 1000,
    });
    expect(size.status).toBe(400);
    const search = await company.client.rpc('get_company_feedback', {
      p_search: 'x'.repeat(201),
    });
    expect(search.error?.message).toBe(
      'Searches are at most 200 characters long.',
    );
    // A 800 KB domain is refused before it is parsed.
    const domain = await company.client.rpc('get_company_feedback', {
      p_domain: huge,
    });
    expect(domain.status).toBe(400);
    expect(domain.error?.message).toBe("Choose one of your company's domains.");
    expect(domain.error?.details).toMatch(/…" is not one of your domains\.$/);
  });

  it('URLs and domains over 2048 characters are refused before parsing', async () => {
    const insert = await consumer.client.from('feedback').insert({
      title: 'Long URL',
      description: 'A very long URL.',
      company_name: 'Example',
      website_url: `https://${huge}`,
    });
    expect(insert.status).toBe(400);
    expect(insert.error?.message).toBe('Please enter a valid website URL.');
    expect(insert.error?.details).toMatch(/longer than 2048 characters/);
    const similar = await consumer.client.rpc('get_similar_feedback', {
      p_website_url: huge,
    });
    expect(similar.status).toBe(400);
    expect(similar.error?.message).toBe('Please enter a valid website URL.');
    const target = await company.client.rpc('get_domain_verification_target', {
      p_domain: huge,
    });
    expect(target.status).toBe(400);
    expect(target.error?.message).toBe(
      'Please enter a valid domain, like example.com.',
    );
  });

  it('similar feedback: limit and text length are bounded', async () => {
    for (const args of [
      { p_limit: 1000 },
      { p_limit: 0 },
      { p_text: 'x'.repeat(5001) },
    ]) {
      const res = await consumer.client.rpc('get_similar_feedback', {
        p_website_url: 'https://bounds.example.net/',
        ...args,
      });
      expect(res.status).toBe(400);
    }
  });
});

describe('the company search is rate-limited', () => {
  it('per account: 120 searches a minute, then 429 with Retry-After', async () => {
    await roomInWindow(60, 20);
    for (let i = 0; i < 120; i++) {
      const res = await company.client.rpc('get_company_feedback', {
        p_search: `checkout ${i}`,
      });
      expect(res.error).toBeNull();
    }
    const jwt = await t.ctx.jwt.sign(
      {
        sub: company.id,
        role: 'authenticated',
        aud: 'authenticated',
        email: company.email,
      },
      3600,
    );
    const res = await fetch(`${t.url}/rest/v1/rpc/get_company_feedback`, {
      method: 'POST',
      headers: {
        apikey: t.anonKey,
        authorization: `Bearer ${jwt}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ p_search: 'checkout' }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Too many searches. Please wait a minute.',
    );
    // The list without a search still works.
    const list = await company.client.rpc('get_company_feedback');
    expect(list.error).toBeNull();
    expect(list.data).toHaveLength(1);
  });

  it('per address: 600 searches a minute across accounts', async () => {
    // Searches of the test above may share this window: the address is
    // refused at 600 counted searches, so at most 600 here.
    await roomInWindow(60, 50);
    const started = Math.floor(Date.now() / 60_000);
    let done = 0;
    let refused: { message: string } | null = null;
    while (refused === null && done <= 600) {
      const other = await createCompany(t, {
        domain: `bounds${done}.example.net`,
      });
      // Ten at a time: the 600 must fit in one minute on a slow machine too.
      for (let i = 0; i < 110 && refused === null; i += 10) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, () =>
            other.client.rpc('get_company_feedback', { p_search: 'x' }),
          ),
        );
        for (const res of answers) {
          if (res.error === null) done += 1;
          else refused ??= res.error;
        }
      }
    }
    // Still the same window, so the count is exact.
    expect(Math.floor(Date.now() / 60_000)).toBe(started);
    expect(refused?.message).toBe('Too many searches. Please wait a minute.');
    expect(done).toBeLessThanOrEqual(600);
  }, 120_000);
});
