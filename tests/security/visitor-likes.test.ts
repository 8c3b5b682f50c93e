import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { createUser, ok, query } from '../integration/db/support.ts';

// #19 item 26: an anonymous like counts once per visitor (the browser's
// token), its unlike reaches the server, and minting tokens does not lift
// the limits, which stay on the address.
let t: TestBackend;
let articles: string[];
beforeAll(async () => {
  t = await startTestBackend();
  const admin = await createUser(t);
  await query(t, 'insert into public.blog_admins (user_email) values ($1)', [
    admin.email,
  ]);
  const rows = ok(
    await admin.client
      .from('blog_articles')
      .insert(
        Array.from({ length: 2 }, (_, i) => ({
          title: `Visitor likes ${i}`,
          content: '<p>.</p>',
          published: true,
        })),
      )
      .select('id'),
  );
  articles = rows.map((r) => r.id);
});
afterAll(() => t?.stop());

const token = (n: number) => `visitor-token-${String(n).padStart(4, '0')}`;
const like = (articleId: string, visitor?: string) =>
  t
    .client()
    .from('blog_article_likes')
    .insert({
      article_id: articleId,
      ip_address: 'anonymous',
      ...(visitor ? { client_hash: visitor } : {}),
    });
const unlike = (articleId: string, visitor: string) =>
  t.client().rpc('unlike_article_anonymously', {
    p_article_id: articleId,
    p_visitor_token: visitor,
  });
const count = async (articleId: string) =>
  ok(
    await t.client().rpc('get_article_like_count', { p_article_id: articleId }),
  );

describe('anonymous likes by visitor token', () => {
  it('like, unlike and like again count once', async () => {
    const [a] = articles;
    expect((await like(a!, token(1))).status).toBe(201);
    expect((await like(a!, token(1))).error?.code).toBe('23505');
    expect(await count(a!)).toBe(1);
    expect(ok(await unlike(a!, token(1)))).toBe(true);
    expect(await count(a!)).toBe(0);
    expect(ok(await unlike(a!, token(1)))).toBe(false);
    expect((await like(a!, token(1))).status).toBe(201);
    expect(await count(a!)).toBe(1);
  });

  it('another visitor cannot take a like back, and only hashes are stored', async () => {
    const [a] = articles;
    expect(ok(await unlike(a!, token(2)))).toBe(false);
    expect(ok(await unlike(a!, 'short'))).toBe(false);
    expect(await count(a!)).toBe(1);
    const stored = await query<{ client_hash: string }>(
      t,
      'select client_hash from public.blog_article_likes where article_id = $1',
      [a],
    );
    expect(stored.map((r) => r.client_hash)).not.toContain(token(1));
    expect((await like(a!, 'bad token!')).error?.code).toBe('22023');
  });

  it('signed-in users cannot call the anonymous unlike', async () => {
    const user = await createUser(t);
    const res = await user.client.rpc('unlike_article_anonymously', {
      p_article_id: articles[0]!,
      p_visitor_token: token(1),
    });
    expect(res.error?.code).toBe('42501');
    expect(await count(articles[0]!)).toBe(1);
  });

  it('fresh tokens from one address stop at 10 likes of an article a day', async () => {
    const [, b] = articles;
    const statuses: number[] = [];
    for (let i = 10; i < 21; i++)
      statuses.push((await like(b!, token(i))).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
    expect(await count(b!)).toBe(10);
  });
});
