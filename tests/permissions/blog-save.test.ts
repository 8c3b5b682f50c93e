import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../fixtures/blog/xss-payloads.ts';
import { denied, forbidden, rows, startWorld, type World } from './support.ts';

// public.save_blog_article: blog admins write an article and its links in
// one transaction; everyone else is refused by the database itself.
let w: World;
let category: string;
let otherCategory: string;
let tag: string;
beforeAll(async () => {
  w = await startWorld();
  const cats = await rows<{ id: string }>(
    w,
    `insert into public.blog_categories (name) values ('Save A'), ('Save B') returning id`,
  );
  category = cats[0]!.id;
  otherCategory = cats[1]!.id;
  const [t] = await rows<{ id: string }>(
    w,
    `insert into public.blog_tags (name) values ('Save Tag') returning id`,
  );
  tag = t!.id;
});
afterAll(() => w?.t.stop());

const article = (over: Record<string, unknown> = {}) => ({
  p_id: null,
  p_title: 'Saved through the RPC',
  p_slug: '',
  p_content: '<p>Hello <a href="https://example.com">there</a></p>',
  p_excerpt: 'Short',
  p_meta_title: '',
  p_meta_description: '',
  p_featured_image_url: '',
  p_published: false,
  p_category_ids: [category],
  p_tag_ids: [tag],
  ...over,
});

interface Saved {
  id: string;
  slug: string;
  published: boolean;
  published_at: string | null;
}

const links = async (id: string) => ({
  categories: (
    await rows<{ category_id: string }>(
      w,
      'select category_id from public.blog_article_categories where article_id = $1 order by 1',
      [id],
    )
  ).map((r) => r.category_id),
  tags: (
    await rows<{ tag_id: string }>(
      w,
      'select tag_id from public.blog_article_tags where article_id = $1',
      [id],
    )
  ).map((r) => r.tag_id),
});

describe('save_blog_article', () => {
  it('admin creates a draft with its links, then publishes and relinks it', async () => {
    const created = await w.as.admin.rpc('save_blog_article', article());
    expect(created.error).toBeNull();
    const a = created.data as Saved;
    expect(a.slug).toBe('saved-through-the-rpc');
    expect(a.published).toBe(false);
    expect(a.published_at).toBeNull();
    expect(await links(a.id)).toEqual({ categories: [category], tags: [tag] });

    const updated = await w.as.admin.rpc(
      'save_blog_article',
      article({
        p_id: a.id,
        p_published: true,
        p_category_ids: [otherCategory],
        p_tag_ids: [],
      }),
    );
    expect(updated.error).toBeNull();
    const b = updated.data as Saved;
    expect(b.published).toBe(true);
    expect(b.published_at).not.toBeNull();
    expect(await links(a.id)).toEqual({
      categories: [otherCategory],
      tags: [],
    });

    // Unpublishing keeps the first publication date.
    const back = await w.as.admin.rpc(
      'save_blog_article',
      article({ p_id: a.id, p_published: false }),
    );
    expect((back.data as Saved).published_at).toBe(b.published_at);
  });

  it('keeps the old links when a new link is invalid (one transaction)', async () => {
    const created = await w.as.admin.rpc(
      'save_blog_article',
      article({ p_title: 'Atomic links' }),
    );
    const id = (created.data as Saved).id;
    const bad = await w.as.admin.rpc(
      'save_blog_article',
      article({
        p_id: id,
        p_title: 'Atomic links renamed',
        p_category_ids: ['00000000-0000-4000-8000-00000000dead'],
      }),
    );
    denied(bad, { code: '23503', message: /blog_article_categories/ });
    expect(await links(id)).toEqual({ categories: [category], tags: [tag] });
    const [row] = await rows<{ title: string }>(
      w,
      'select title from public.blog_articles where id = $1',
      [id],
    );
    expect(row?.title).toBe('Atomic links');
  });

  it('refuses a slug that another article has', async () => {
    await w.as.admin.rpc(
      'save_blog_article',
      article({ p_title: 'Unique', p_slug: 'taken-slug' }),
    );
    const clash = await w.as.admin.rpc(
      'save_blog_article',
      article({ p_title: 'Other', p_slug: 'Taken Slug' }),
    );
    expect(clash.error?.code).toBe('23505');
    expect(clash.error?.message).toBe(
      'An article with this slug already exists. Please choose another slug.',
    );
  });

  it.each([
    ['empty title', { p_title: '  ' }],
    ['empty content', { p_content: '' }],
  ])('refuses an %s', async (_label, over) => {
    const res = await w.as.admin.rpc('save_blog_article', article(over));
    expect(res.error?.message).toBe('Title and content are required');
  });

  it.each(['consumerA', 'companyX'] as const)(
    '%s is refused by the database',
    async (role) => {
      const res = await w.as[role].rpc('save_blog_article', article());
      forbidden(res);
      expect(res.error?.message).toBe(
        "You don't have admin access to the blog panel.",
      );
      const direct = await w.as[role]
        .from('blog_articles')
        .insert({ title: 'Sneaky', content: '<p>x</p>' })
        .select();
      forbidden(direct);
      const tagInsert = await w.as[role]
        .from('blog_tags')
        .insert({ name: 'Sneaky' })
        .select();
      forbidden(tagInsert);
    },
  );

  it('anon may not call it at all', async () => {
    const res = await w.as.anon.rpc('save_blog_article', article());
    forbidden(res);
    const [n] = await rows<{ n: number }>(
      w,
      `select count(*)::int as n from public.blog_articles where title = 'Sneaky'`,
    );
    expect(n?.n).toBe(0);
  });
});

describe('unsafe article HTML', () => {
  let safeCount = 0;
  it.each(XSS_PAYLOADS.map((p, i) => [i + 1, p]))(
    'payload %i is refused on a direct REST write',
    async (_n, payload) => {
      const res = await w.as.admin
        .from('blog_articles')
        .insert({ title: 'XSS attempt', content: `<p>ok</p>${payload}` })
        .select();
      expect(res.error?.message).toBe(
        'Article content may not contain scripts, event handlers or javascript: URLs.',
      );
    },
  );

  it.each([
    '<h2>Heading</h2><p>Text with <strong>bold</strong> and <em>em</em>.</p>',
    '<p><a href="https://example.com/a?b=c&amp;d=e">link</a> &amp; &#8217;quotes&#8217;</p>',
    '<p><img src="https://example.com/i.png" alt="An image"></p>',
    '<p>Turn it on = off, and read about JavaScript: the language (data: none).</p>',
    '<p>Write &lt;img onerror=alert(1)&gt; to test, or onclick="x" in prose.</p>',
    '<ul><li>One</li></ul><blockquote>Quote</blockquote><pre><code>const a = 1;</code></pre>',
    '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt=""></p>',
    // Prose and URLs that only mention a scheme (#19 item 23).
    '<p>Scripts, event handlers and javascript: links are removed on save.</p>',
    '<p>Use (javascript: void) carefully; vbscript:, too.</p>',
    '<p>See <a href="https://example.com/?next=javascript:x">this</a></p>',
    '<p><a href="https://example.com/?a=data:text/html">t</a></p>',
    '<p><img src="https://example.com/a.png" alt="data:text, javascript:x"></p>',
  ])('safe HTML is accepted: %s', async (content) => {
    const res = await w.as.admin
      .from('blog_articles')
      .insert({ title: `Safe ${(safeCount += 1)}`, content })
      .select('content');
    expect(res.error).toBeNull();
  });
});
