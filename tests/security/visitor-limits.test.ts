import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import {
  clientFor,
  createUser,
  ok,
  query,
  type TestUser,
} from '../integration/db/support.ts';

// Red-team finding L4: anonymous likes and analytics events are limited per
// address, the address is the gateway's (a client rotating X-Forwarded-For
// is still one visitor), an anonymous like counts once per visitor and
// article, and one request carrying many rows cannot slip past the limits.
let t: TestBackend;
let admin: TestUser;
let articles: string[];
beforeAll(async () => {
  t = await startTestBackend();
  admin = await createUser(t);
  await query(t, 'insert into public.blog_admins (user_email) values ($1)', [
    admin.email,
  ]);
  const rows = ok(
    await admin.client
      .from('blog_articles')
      .insert(
        Array.from({ length: 32 }, (_, i) => ({
          title: `Limits ${i}`,
          content: '<p>.</p>',
          published: true,
        })),
      )
      .select('id'),
  );
  articles = rows.map((r) => r.id);
});
afterAll(() => t?.stop());

/** An anonymous supabase-js client claiming to come from `address`. */
const visitor = (address: string) =>
  t.client(undefined, { 'X-Forwarded-For': address });

const likeCount = async (articleId: string) =>
  ok(
    await t.client().rpc('get_article_like_count', { p_article_id: articleId }),
  );

describe('anonymous likes', () => {
  it('count once per visitor, whatever X-Forwarded-For says', async () => {
    const [article] = articles;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { status } = await visitor(`203.0.113.${i + 1}`)
        .from('blog_article_likes')
        .insert({ article_id: article!, ip_address: 'anonymous' });
      statuses.push(status);
    }
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    expect(await likeCount(article!)).toBe(1);
    const again = await visitor('198.51.100.7')
      .from('blog_article_likes')
      .insert({ article_id: article! });
    expect(again.error).toMatchObject({
      code: '23505',
      message: 'You already like this article.',
    });
  });

  it('stop at 30 per visitor per hour, with Retry-After, across rotated addresses', async () => {
    // Article 0 was liked above: 29 more are allowed this hour.
    const statuses: number[] = [];
    for (let i = 1; i <= 30; i++) {
      const { status } = await visitor(`192.0.2.${i}`)
        .from('blog_article_likes')
        .insert({ article_id: articles[i]! });
      statuses.push(status);
    }
    expect(statuses.slice(0, 29)).toEqual(Array(29).fill(201));
    expect(statuses[29]).toBe(429);
    const res = await fetch(`${t.url}/rest/v1/blog_article_likes`, {
      method: 'POST',
      headers: {
        apikey: t.anonKey,
        'content-type': 'application/json',
        'x-forwarded-for': '10.9.8.7',
      },
      body: JSON.stringify({ article_id: articles[31] }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({
      code: 'PT429',
      message: 'Too many likes. Please try again later.',
    });
    expect(await likeCount(articles[31]!)).toBe(0);
  });

  it('the app ignores the duplicate: liking again after a local unlike succeeds silently', async () => {
    const { likeArticle } = await import('../../shared/data/blog.ts');
    await expect(
      likeArticle(t.client() as never, articles[0]!, null),
    ).resolves.toBeUndefined();
    expect(await likeCount(articles[0]!)).toBe(1);
  });
});

describe('analytics events', () => {
  const events = (n: number, name: string) =>
    Array.from({ length: n }, () => ({ event_name: name, properties: {} }));
  const recorded = async (name: string) =>
    (
      await query<{ n: number }>(
        t,
        'select count(*)::int as n from public.analytics_events where event_name = $1',
        [name],
      )
    )[0]!.n;

  it('one request carrying many rows is limited like many requests', async () => {
    const res = await visitor('203.0.113.50')
      .from('analytics_events')
      .insert(events(301, 'bulk_flood'));
    expect(res.status).toBe(429);
    expect(res.error?.message).toBe('Too many events. Please try again later.');
    expect(await recorded('bulk_flood')).toBe(0);
  });

  it('stop at 300 per address per hour, whatever X-Forwarded-For says', async () => {
    const first = await visitor('203.0.113.60')
      .from('analytics_events')
      .insert(events(300, 'page_flood'));
    expect(first.status).toBe(201);
    for (const address of ['203.0.113.61', '2001:db8::1', '10.0.0.1']) {
      const next = await visitor(address)
        .from('analytics_events')
        .insert({ event_name: 'page_flood' });
      expect(next.status).toBe(429);
    }
    // A signed-in user behind the same address is limited too.
    const user = await createUser(t);
    const signedIn = await clientFor(t, user.id, user.email);
    const theirs = await signedIn
      .from('analytics_events')
      .insert({ event_name: 'page_flood' });
    expect(theirs.status).toBe(429);
    expect(await recorded('page_flood')).toBe(300);
  });

  it('stop at 150 per account per hour, from any address', async () => {
    // Behind a trusted proxy the addresses really differ: only the account
    // limit can stop this user.
    const proxied = await startTestBackend({
      env: { PEEGA_TRUSTED_PROXIES: '127.0.0.1' },
    });
    try {
      const user = await createUser(proxied);
      const jwt = await proxied.ctx.jwt.sign(
        {
          sub: user.id,
          role: 'authenticated',
          aud: 'authenticated',
          email: user.email,
        },
        3600,
      );
      const from = (address: string) =>
        proxied.client(undefined, {
          Authorization: `Bearer ${jwt}`,
          'X-Forwarded-For': address,
        });
      const first = await from('203.0.113.70')
        .from('analytics_events')
        .insert(events(150, 'account_flood'));
      expect(first.status).toBe(201);
      const next = await from('198.51.100.70')
        .from('analytics_events')
        .insert({ event_name: 'account_flood' });
      expect(next.status).toBe(429);
      // Another visitor at that second address is not affected.
      const other = await proxied
        .client(undefined, { 'X-Forwarded-For': '198.51.100.70' })
        .from('analytics_events')
        .insert({ event_name: 'account_flood' });
      expect(other.status).toBe(201);
    } finally {
      await proxied.stop();
    }
  }, 60_000);

  it('the service role is not limited', async () => {
    const res = await t
      .client(t.serviceRoleKey)
      .from('analytics_events')
      .insert(events(5, 'server_side'));
    expect(res.status).toBe(201);
  });
});
