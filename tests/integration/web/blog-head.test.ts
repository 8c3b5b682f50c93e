import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';

let t: TestBackend;
let dist: string;
let published: { slug: string; title: string };
let draftSlug: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'peega-dist-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="Peega default" /><title>Peega</title></head><body><div id="root"></div></body></html>',
  );
  t = await startTestBackend({
    seed: true,
    configure(config) {
      config.webDist = dist;
    },
  });
  const db = t.ctx.db;
  const pub = await db.query<{ slug: string; title: string }>(
    `select slug, title from public.blog_articles where published order by published_at desc limit 1`,
  );
  published = pub.rows[0]!;
  const draft = await db.query<{ slug: string }>(
    `select slug from public.blog_articles where not published limit 1`,
  );
  draftSlug = draft.rows[0]!.slug;
  await db.query(
    `insert into public.blog_articles (title, slug, content, meta_description, published, published_at)
     values ($1, 'tricky-title', '<p>Safe</p>', $2, true, now())`,
    [
      'Quotes " and </title><script>alert(1)</script>',
      'Ends the tag? </script><script>alert(2)</script>',
    ],
  );
});
afterAll(async () => {
  await t?.stop();
  rmSync(dist, { recursive: true, force: true });
});

const page = async (p: string) => {
  const res = await fetch(`${t.url}${p}`);
  return { status: res.status, html: await res.text() };
};

describe('blog article head tags in the served HTML', () => {
  it('carries title, description, social tags, canonical link and JSON-LD', async () => {
    const { status, html } = await page(`/blog/${published.slug}`);
    expect(status).toBe(200);
    const canonical = `${t.url}/blog/${published.slug}`;
    expect(html).toContain(`<link rel="canonical" href="${canonical}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain(`<meta property="og:url" content="${canonical}" />`);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+" \/>/);
    expect(html).toMatch(
      /<meta name="twitter:card" content="summary(_large_image)?" \/>/,
    );
    expect(html).not.toContain('Peega default');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(
      html,
    );
    expect(JSON.parse(ld![1]!)).toMatchObject({
      '@type': 'BlogPosting',
      headline: published.title,
    });
    expect(html).toContain('<div id="root">');
  });

  it('answers a draft with the shell and 404', async () => {
    const { status, html } = await page(`/blog/${draftSlug}`);
    expect(status).toBe(404);
    expect(html).toContain('<div id="root">');
    expect(html).not.toContain('og:title');
  });

  it('answers an unknown slug with the shell and 404', async () => {
    const { status, html } = await page('/blog/no-such-article');
    expect(status).toBe(404);
    expect(html).toContain('noindex');
  });

  it('answers a slug that is not valid percent-encoding with 404', async () => {
    const { status, html } = await page('/blog/%E0%A4%A');
    expect(status).toBe(404);
    expect(html).toContain('noindex');
  });

  it('escapes what authors typed', async () => {
    const { html } = await page('/blog/tricky-title');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<script>alert(2)</script>');
    expect(html).toContain('Quotes &quot; and &lt;/title&gt;');
    expect(html).toContain('\\u003c/script>');
  });

  it('leaves the blog list to the app', async () => {
    const { status, html } = await page('/blog');
    expect(status).toBe(200);
    expect(html).toContain('Peega default');
  });
});
