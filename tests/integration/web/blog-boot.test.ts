// The blog's public data in the HTML the server sends (shared/data/blog-boot.ts):
// the same values supabase-js reads as a visitor, nothing a visitor may not read,
// and nothing that can break out of its <script> element.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getLikeCount,
  getPublishedArticle,
  listCategories,
  listPublishedArticles,
  listRelatedArticles,
} from '../../../shared/data/blog.ts';
import {
  BLOG_BOOT_ELEMENT_ID,
  type BlogArticleBoot,
  type BlogBoot,
  type BlogListBoot,
} from '../../../shared/data/blog-boot.ts';
import {
  createTestClient,
  startTestBackend,
  type TestBackend,
} from '../../support/backend.ts';

let t: TestBackend;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'peega-dist-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Peega</title></head><body><div id="root"></div></body></html>',
  );
  t = await startTestBackend({
    seed: true,
    configure(config) {
      config.webDist = dist;
    },
  });
  await t.ctx.db.query(
    `insert into public.blog_articles (title, slug, content, excerpt, published, published_at)
     values ($1, 'breakout', '<p>Safe</p>', $2, true, now())`,
    [
      'Closing </script><script>alert(1)</script> tags',
      'Costs $& and $1 and </SCRIPT>',
    ],
  );
});
afterAll(async () => {
  await t?.stop();
  rmSync(dist, { recursive: true, force: true });
});

const anon = () => createTestClient(t.url, t.anonKey);

async function served(p: string) {
  const res = await fetch(`${t.url}${p}`);
  const html = await res.text();
  const m = new RegExp(
    `<script id="${BLOG_BOOT_ELEMENT_ID}" type="application/json">(.*?)</script>`,
    's',
  ).exec(html);
  return {
    status: res.status,
    html,
    boot: m ? (JSON.parse(m[1]!) as BlogBoot) : undefined,
  };
}

describe('blog data in the served HTML', () => {
  it('the list holds what a visitor reads through supabase-js', async () => {
    const { status, boot } = await served('/blog');
    expect(status).toBe(200);
    const list = boot as BlogListBoot;
    expect(list.kind).toBe('list');
    expect(list.path).toBe('/blog');
    expect(list.filters).toEqual({ search: '', categorySlug: '' });
    expect(list.articles).toEqual(await listPublishedArticles(anon()));
    expect(list.categories).toEqual(await listCategories(anon()));
    expect(list.articles.every((a) => a.published)).toBe(true);
  });

  it('a shared search or category link is served filtered', async () => {
    const { boot } = await served('/blog?q=%20bug%20report%20&category=guides');
    const list = boot as BlogListBoot;
    expect(list.filters).toEqual({
      search: 'bug report',
      categorySlug: 'guides',
    });
    expect(list.articles).toEqual(
      await listPublishedArticles(anon(), {
        search: 'bug report',
        categorySlug: 'guides',
      }),
    );
  });

  it('an article holds its content, like count and related articles', async () => {
    const { boot } = await served('/blog/what-companies-see');
    const a = boot as BlogArticleBoot;
    expect(a).toMatchObject({
      kind: 'article',
      path: '/blog/what-companies-see',
      slug: 'what-companies-see',
    });
    const article = await getPublishedArticle(anon(), 'what-companies-see');
    expect(article).not.toBeNull();
    expect(a.article).toEqual(article);
    expect(a.likeCount).toBe(await getLikeCount(anon(), article!.id));
    expect(a.related).toEqual(
      await listRelatedArticles(anon(), {
        id: article!.id,
        categoryIds: article!.categories.map((c) => c.id),
      }),
    );
  });

  it('a draft or unknown slug is served as "no article", never its content', async () => {
    const draft = await t.ctx.db.query<{ slug: string; content: string }>(
      `select slug, content from public.blog_articles where not published limit 1`,
    );
    const { slug, content } = draft.rows[0]!;
    const page = await served(`/blog/${slug}`);
    expect(page.status).toBe(404);
    expect((page.boot as BlogArticleBoot).article).toBeNull();
    expect(page.html).not.toContain(content);
    const unknown = await served('/blog/no-such-article');
    expect((unknown.boot as BlogArticleBoot).article).toBeNull();
  });

  it('what authors typed cannot close the element, and `$&` stays text', async () => {
    const { html, boot } = await served('/blog/breakout');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toMatch(/<\/SCRIPT>/);
    const a = (boot as BlogArticleBoot).article!;
    expect(a.title).toBe('Closing </script><script>alert(1)</script> tags');
    expect(a.excerpt).toBe('Costs $& and $1 and </SCRIPT>');
  });

  it('other pages carry no blog data', async () => {
    for (const p of ['/', '/app', '/blog-admin', '/blog/a/b']) {
      const { html } = await served(p);
      expect(html).not.toContain(BLOG_BOOT_ELEMENT_ID);
    }
  });
});
