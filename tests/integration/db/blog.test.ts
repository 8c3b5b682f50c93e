import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toSlug } from '../../../shared/domain/slug.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import { createUser, done, ok, query, type TestUser } from './support.ts';

// Blog rules the database enforces: admin-only writes, clean slugs, no
// scripts in HTML, likes once per user and rate-limited when anonymous.
let t: TestBackend;
let admin: TestUser;
let reader: TestUser;
let articleId: string;
/** An anonymous visitor at `address` (the backend trusts 127.0.0.1 as a proxy). */
const visitor = (address: string) =>
  t.client(undefined, { 'X-Forwarded-For': address });
beforeAll(async () => {
  // The test client plays a reverse proxy so that likes can come from
  // several visitors' addresses.
  t = await startTestBackend({
    env: { PEEGA_TRUSTED_PROXIES: '127.0.0.1' },
  });
  admin = await createUser(t);
  reader = await createUser(t);
  await query(t, 'insert into public.blog_admins (user_email) values ($1)', [
    admin.email.toUpperCase(),
  ]);
  const article = ok(
    await admin.client
      .from('blog_articles')
      .insert({ title: 'Hello, World!', content: '<p>Hi</p>', published: true })
      .select('id, slug, published_at, author_id')
      .single(),
  );
  articleId = article.id;
});
afterAll(() => t?.stop());

describe('articles', () => {
  it('get a slug from the title and a publication date', async () => {
    const rows = await query<{
      slug: string;
      stamped: boolean;
      author_id: string;
    }>(
      t,
      'select slug, published_at is not null as stamped, author_id from public.blog_articles where id = $1',
      [articleId],
    );
    expect(rows).toEqual([
      { slug: 'hello-world', stamped: true, author_id: admin.id },
    ]);
  });

  it.each([
    'Crème brûlée & Co.',
    '  Déjà   vu -- again  ',
    'Über 9000!!!',
    // Other scripts (#19 item 25).
    'Привет мир',
    'ЩУКА и Ёж',
    'Ελληνικά νέα',
    'Straße, Øl & Æble',
    'Ünïcödé',
    '日本語のタイトル',
  ])('slug of %j matches toSlug', async (title) => {
    const rows = await query<{ slug: string }>(
      t,
      'select private.to_slug($1) as slug',
      [title],
    );
    expect(rows[0]?.slug).toBe(toSlug(title));
  });

  it.each([
    ['<script>alert(1)</script>'],
    ['<img src=x onerror="alert(1)">'],
    ['<a href="javascript:alert(1)">x</a>'],
    ['<iframe src="https://evil.test"></iframe>'],
  ])('refuse %s', async (content) => {
    const { error } = await admin.client
      .from('blog_articles')
      .insert({ title: 'Bad', content });
    expect(error?.message).toBe(
      'Article content may not contain scripts, event handlers or javascript: URLs.',
    );
  });

  it('require a title and content', async () => {
    const { error } = await admin.client
      .from('blog_articles')
      .insert({ title: ' ', content: '<p>x</p>' });
    expect(error?.message).toBe('Title and content are required');
  });

  it('are written by admins only', async () => {
    const { error } = await reader.client
      .from('blog_articles')
      .insert({ title: 'Mine', content: '<p>x</p>' });
    expect(error?.code).toBe('42501');
    const draft = ok(
      await admin.client
        .from('blog_articles')
        .insert({ title: 'Draft', content: '<p>soon</p>' })
        .select('id')
        .single(),
    );
    expect(
      ok(
        await reader.client
          .from('blog_articles')
          .select('id')
          .eq('id', draft.id),
      ),
    ).toEqual([]);
    expect(
      ok(
        await t.client().from('blog_articles').select('id').eq('id', draft.id),
      ),
    ).toEqual([]);
  });
});

describe('tags', () => {
  it('get a slug and refuse an empty name', async () => {
    const tag = ok(
      await admin.client
        .from('blog_tags')
        .insert({ name: ' Product Management ' })
        .select('name, slug')
        .single(),
    );
    expect(tag).toEqual({
      name: 'Product Management',
      slug: 'product-management',
    });
    const { error } = await admin.client
      .from('blog_tags')
      .insert({ name: '  ' });
    expect(error?.message).toBe('Please enter a tag name.');
  });
});

describe('likes', () => {
  it('count once per signed-in user, and anonymous likes too', async () => {
    done(
      await reader.client.from('blog_article_likes').insert({
        article_id: articleId,
        user_id: reader.id,
        user_email: reader.email,
      }),
    );
    const again = await reader.client
      .from('blog_article_likes')
      .insert({ article_id: articleId, user_id: reader.id });
    expect(again.error?.code).toBe('23505');
    for (let i = 0; i < 3; i++) {
      done(
        await visitor(`203.0.113.${i + 1}`)
          .from('blog_article_likes')
          .insert({ article_id: articleId, ip_address: 'anonymous' }),
      );
    }
    // The same visitor again counts once (red-team finding L4).
    const twice = await visitor('203.0.113.1')
      .from('blog_article_likes')
      .insert({ article_id: articleId, ip_address: 'anonymous' });
    expect(twice.error?.code).toBe('23505');
    expect(
      ok(
        await t
          .client()
          .rpc('get_article_like_count', { p_article_id: articleId }),
      ),
    ).toBe(4);
    done(
      await reader.client
        .from('blog_article_likes')
        .delete()
        .eq('article_id', articleId)
        .eq('user_id', reader.id),
    );
    expect(
      ok(
        await t
          .client()
          .rpc('get_article_like_count', { p_article_id: articleId }),
      ),
    ).toBe(3);
  });

  it('rate-limit anonymous likes per article (HTTP 429)', async () => {
    const article = ok(
      await admin.client
        .from('blog_articles')
        .insert({ title: 'Popular', content: '<p>!</p>', published: true })
        .select('id')
        .single(),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const { status } = await visitor(`198.51.100.${i + 1}`)
        .from('blog_article_likes')
        .insert({ article_id: article.id });
      statuses.push(status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('are refused on drafts', async () => {
    const draft = ok(
      await admin.client
        .from('blog_articles')
        .insert({ title: 'Hidden', content: '<p>.</p>' })
        .select('id')
        .single(),
    );
    const { error } = await t
      .client()
      .from('blog_article_likes')
      .insert({ article_id: draft.id });
    expect(error?.message).toBe('You can only like published articles.');
  });
});

describe('analytics', () => {
  it('records events with the session user, never readable back', async () => {
    done(
      await reader.client.from('analytics_events').insert({
        event_name: 'submit_feedback',
        properties: { category: 'bug', screenshot: true, audio: false },
      }),
    );
    done(
      await t
        .client()
        .from('analytics_events')
        .insert({ event_name: 'login', properties: { method: 'email' } }),
    );
    const rows = await query<{ event_name: string; user_id: string | null }>(
      t,
      'select event_name, user_id from public.analytics_events order by id',
    );
    expect(rows).toEqual([
      { event_name: 'submit_feedback', user_id: reader.id },
      { event_name: 'login', user_id: null },
    ]);
    const bad = await t
      .client()
      .from('analytics_events')
      .insert({ event_name: 'Drop Table!' });
    expect(bad.error?.code).toBe('23514');
    expect(
      (await reader.client.from('analytics_events').select('id')).error?.code,
    ).toBe('42501');
  });
});
